package io.baton.worker.batch;

import java.util.List;

/**
 * Body of {@code POST /internal/v1/batches}: one batch for one model variant.
 *
 * <p>Batched (the default): each input tensor comes in {@code parts} (typically one per request the scheduler put
 * in the batch); the worker concatenates the parts along the batch axis (axis 0) and returns each output split back
 * into the same parts. Every input must split the batch alike (part {@code j} has the same batch rows in every
 * input), and every input then has rank ≥ 1.
 *
 * <p>Not batched ({@code "batched": false}, for a model that does not batch along axis 0, such as one with a scalar
 * input or a state whose first dimension is not the batch): every input is exactly one part, run exactly as sent, of
 * any rank ({@code "shape": []} is a scalar, one element); each output comes back as one part with its full shape.
 *
 * @param variant       SHA-256 digest of the variant's ONNX artifact (optionally {@code sha256:}-prefixed)
 * @param inputs        every input of the model, once
 * @param outputs       names of the outputs to return; absent: every tensor output
 * @param binaryOutputs true: outputs as base64 of little-endian bytes instead of JSON arrays
 * @param timeoutMs     how long the batch may take from the moment the worker receives it (loading the model,
 *                      waiting for the device and running); past it the run is cancelled and the batch answered 422
 *                      {@code run-cancelled}. A duration rather than an instant, so that the scheduler's and the
 *                      worker's clocks need not agree. Absent: {@code baton.worker.max-run-time}, which also caps it
 * @param batched       false: run the tensors as sent, one part each (above); absent or true: concatenate the parts
 *                      along axis 0
 */
public record BatchRequest(String variant, List<InputTensor> inputs, List<String> outputs, Boolean binaryOutputs,
                           Long timeoutMs, Boolean batched) {

    public BatchRequest(String variant, List<InputTensor> inputs, List<String> outputs, Boolean binaryOutputs) {
        this(variant, inputs, outputs, binaryOutputs, null, null);
    }

    public BatchRequest(String variant, List<InputTensor> inputs, List<String> outputs, Boolean binaryOutputs,
                        Long timeoutMs) {
        this(variant, inputs, outputs, binaryOutputs, timeoutMs, null);
    }

    /** False only when the request says {@code "batched": false}. */
    public boolean concatenates() {
        return !Boolean.FALSE.equals(batched);
    }

    /**
     * @param name     input name in the model
     * @param datatype an OIP datatype ({@code BOOL}, {@code UINT8} ... {@code FP64}, {@code BYTES}); must be the
     *                 model's
     * @param parts    the slices to concatenate along the batch axis (one part, the whole tensor, when not batched)
     */
    public record InputTensor(String name, String datatype, List<TensorPart> parts) {
    }
}
