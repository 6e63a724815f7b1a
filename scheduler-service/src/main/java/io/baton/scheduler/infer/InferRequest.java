package io.baton.scheduler.infer;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Body of {@code POST /internal/v1/infer} (see the README's contract).
 *
 * @param variant       the variant to run; optional for a single-model application (its default variant)
 * @param stage         instead of a variant, for a pipeline: the stage to run (the scheduler chooses its variant:
 *                      IPA's live plan for policy {@code ipa}, else the stage's first variant by name)
 * @param timeoutMs     time left for the request from its receipt; absent: the application's SLO
 * @param priority      larger is more important; absent: 0
 * @param outputs       outputs to return; absent: every output
 * @param binaryOutputs base64 instead of JSON arrays
 * @param evidence      for an application with policy {@code sneakpeek}: the request's k-NN label counts per class
 *                      (the gateway's SneakPeek evidence); absent: the prior alone
 */
public record InferRequest(String application, String variant, Integer stage, Double timeoutMs, Integer priority,
                           List<Tensor> inputs, List<String> outputs, Boolean binaryOutputs, List<Double> evidence) {

    /** One input tensor: {@code data} (flat or nested JSON array) or {@code base64} (little-endian bytes). */
    public record Tensor(String name, String datatype, List<Long> shape, JsonNode data, String base64) {
    }
}
