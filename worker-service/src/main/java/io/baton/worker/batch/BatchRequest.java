package io.baton.worker.batch;

import java.util.List;

/**
 * Body of {@code POST /internal/v1/batches}: one batch for one model variant.
 *
 * <p>Each input tensor comes in {@code parts} (typically one per request the scheduler put in the batch); the worker
 * concatenates the parts along the batch axis (axis 0) and returns each output split back into the same parts.
 * Every input must split the batch alike (part {@code j} has the same batch rows in every input).
 *
 * @param variant       SHA-256 digest of the variant's ONNX artifact (optionally {@code sha256:}-prefixed)
 * @param inputs        every input of the model, once
 * @param outputs       names of the outputs to return; absent: every tensor output
 * @param binaryOutputs true: outputs as base64 of little-endian bytes instead of JSON arrays
 * @param timeoutMs     how long the batch may take from the moment the worker receives it (loading the model,
 *                      waiting for the device and running); past it the run is cancelled and the batch answered 422
 *                      {@code run-cancelled}. A duration rather than an instant, so that the scheduler's and the
 *                      worker's clocks need not agree. Absent: {@code baton.worker.max-run-time}, which also caps it
 */
public record BatchRequest(String variant, List<InputTensor> inputs, List<String> outputs, Boolean binaryOutputs,
                           Long timeoutMs) {

    public BatchRequest(String variant, List<InputTensor> inputs, List<String> outputs, Boolean binaryOutputs) {
        this(variant, inputs, outputs, binaryOutputs, null);
    }

    /**
     * @param name     input name in the model
     * @param datatype {@code FP32}, {@code FP64}, {@code INT32} or {@code INT64}; must be the model's
     * @param parts    the slices to concatenate along the batch axis
     */
    public record InputTensor(String name, String datatype, List<TensorPart> parts) {
    }
}
