package io.baton.scheduler.infer;

import java.util.List;

/**
 * Body of {@code POST /internal/v1/ensemble-queries}: one query of an ensemble application with policy
 * {@code schemble} (see the README's contract).
 *
 * @param timeoutMs     time left for the query from its receipt; absent: the application's SLO
 * @param priority      larger is more important; absent: 0
 * @param difficulty    the query's difficulty score from the gateway's predictor (≥ 0); absent: the bins' average
 * @param members       one part per base model of the ensemble profile: its variant, its inputs named as that
 *                      variant names them, and the outputs to return
 * @param binaryOutputs base64 instead of JSON arrays
 */
public record EnsembleQueryRequest(String application, Double timeoutMs, Integer priority, Double difficulty,
                                   List<Member> members, Boolean binaryOutputs) {

    public record Member(String variant, List<InferRequest.Tensor> inputs, List<String> outputs) {
    }
}
