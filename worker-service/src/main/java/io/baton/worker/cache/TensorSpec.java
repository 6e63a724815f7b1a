package io.baton.worker.cache;

import java.util.List;

/**
 * One input or output of a loaded model, as ONNX Runtime reports it.
 *
 * @param name     tensor name in the graph
 * @param datatype an OIP datatype ({@code BOOL} ... {@code BYTES}, read by ONNX element type number); for an element
 *                 type OIP has no name for, ONNX Runtime's ({@code COMPLEX64}, {@code FLOAT8E4M3FN}: served only if
 *                 the request does not touch it); {@code SEQUENCE} / {@code MAP} for non-tensor values
 * @param shape    dimensions, -1 where symbolic (the batch axis usually is), empty for a scalar; null for non-tensor
 *                 values
 */
public record TensorSpec(String name, String datatype, List<Long> shape) {
}
