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
     * One input tensor of the request, as a worker batch part: {@code data} (a JSON array) or {@code base64}, kept
     * as the client sent it so that the tensor is never decoded and re-encoded on its way through.
     */
    public record Input(String name, String datatype, List<Long> shape, JsonNode data, String base64) {
    }
}
