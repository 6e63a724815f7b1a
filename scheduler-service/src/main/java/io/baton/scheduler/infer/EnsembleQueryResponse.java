package io.baton.scheduler.infer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Answer of {@code POST /internal/v1/ensemble-queries}: the base models Schemble ran the query on, each with its
 * outputs (or why it has none), and the ones it left out.
 *
 * @param bin            the difficulty bin the query fell in (−1: no score was given)
 * @param plannedUtility the (bin, subset) table's accuracy for the subset that ran
 * @param members        the models that ran, in the ensemble profile's order
 * @param skipped        the models the plan left out
 */
public record EnsembleQueryResponse(String application, int bin, double plannedUtility, List<Member> members,
                                    List<String> skipped, Timing timing) {

    /**
     * @param outputs null when the model failed; {@code failure} then says why
     */
    public record Member(String variant, String variantDigest, String workerId, int batchSize, List<JsonNode> outputs,
                         String failure, InferResponse.Timing timing) {
    }

    /** @param totalMs receipt to answer, inside the scheduler */
    public record Timing(double totalMs) {
    }
}
