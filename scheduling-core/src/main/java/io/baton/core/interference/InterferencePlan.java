package io.baton.core.interference;

import io.baton.core.domain.Plan;

/**
 * The planner's answer: the best sampled allocation matrix under the goal, with what the sampled simulation
 * predicted for it.
 *
 * @param policy    "interference", "interference-off" or "interference-perfect" (which predictor it believed)
 * @param score     the goal's score of the matrix's simulated outcome
 * @param predicted the simulated outcome of the matrix
 * @param samples   how many matrices were simulated
 */
public record InterferencePlan(String policy, AllocationMatrix allocation, String goal, String predictor, double score,
                               SampleOutcome predicted, int samples) implements Plan {
}
