package io.baton.worker.cache;

import java.util.List;

/**
 * One input or output of a loaded model, as ONNX Runtime reports it.
 *
 * @param name     tensor name in the graph
 * @param datatype {@code FP32}, {@code FP64}, {@code INT32}, {@code INT64}; for other element types ONNX Runtime's
 *                 name (served only if the request does not touch it); {@code SEQUENCE} / {@code MAP} for
 *                 non-tensor values
 * @param shape    dimensions, -1 where symbolic (the batch axis usually is); null for non-tensor values
 */
public record TensorSpec(String name, String datatype, List<Long> shape) {
}
