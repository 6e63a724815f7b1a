package io.baton.gateway.scheduler;

import java.util.List;

/**
 * One {@code POST /internal/v1/ensemble-queries}: a query of an ensemble application with policy {@code schemble};
 * the scheduler's Schemble engine chooses which base models run it.
 *
 * @param timeoutMs  the time left to the query, counted from when the scheduler receives it
 * @param difficulty the query's difficulty score from the edge predictor, or null when there is none
 * @param members    every base model's part: its variant, inputs named as it names them, outputs wanted (null: all)
 */
public record EnsembleCall(String application, double timeoutMs, int priority, Double difficulty, List<Member> members) {

    public record Member(String variant, List<io.baton.commons.tensor.Tensor> inputs, List<String> outputs) {
    }
}
