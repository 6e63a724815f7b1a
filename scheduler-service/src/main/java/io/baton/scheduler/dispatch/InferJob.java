package io.baton.scheduler.dispatch;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What one request asks of a variant, checked and ready for a worker: its input tensors (each with its own rows on
 * the batch axis), the outputs it wants and in which form.
 *
 * @param inputs        one per model input, in the variant's input order
 * @param outputs       output names to return, or null for every output
 * @param binaryOutputs true: outputs as base64 of little-endian bytes
 */
public record InferJob(String application, LiveVariant variant, int priority, List<Input> inputs, List<String> outputs,
                       boolean binaryOutputs) {

    /**
     * What a batch's requests must share: each input's datatype and shape apart from axis 0. A model may leave
     * dimensions besides the batch free, and requests are batched only with requests of the same shape (never padded).
     */
    public String shapeKey() {
        StringBuilder key = new StringBuilder();
        for (Input in : inputs) {
            key.append(in.datatype()).append(in.shape() == null || in.shape().isEmpty() ? "[]"
                    : in.shape().subList(1, in.shape().size()).toString()).append(';');
        }
        return key.toString();
    }

    /** Its rows on the batch axis (axis 0 of its inputs); 1 for a variant that does not batch. */
    public long rows() {
        if (!variant.batched() || inputs.isEmpty() || inputs.get(0).shape() == null || inputs.get(0).shape().isEmpty()) {
            return 1;
        }
        return inputs.get(0).shape().get(0);
    }

    /**
     * One input tensor of the request, as a worker batch part, in exactly one of three carriers, kept as it came so
     * that the tensor is never decoded and re-encoded on its way through: {@code data} (a JSON array), {@code base64}
     * (text of its little-endian bytes) or {@code raw} (those bytes themselves, from a binary call; for BYTES, each
     * element a 4-byte little-endian length then its bytes).
     */
    public record Input(String name, String datatype, List<Long> shape, JsonNode data, String base64, byte[] raw) {

        public Input(String name, String datatype, List<Long> shape, JsonNode data, String base64) {
            this(name, datatype, shape, data, base64, null);
        }

        /** The same tensor under another input name (a variant that names its inputs differently). */
        public Input named(String other) {
            return new Input(other, datatype, shape, data, base64, raw);
        }
    }
}
