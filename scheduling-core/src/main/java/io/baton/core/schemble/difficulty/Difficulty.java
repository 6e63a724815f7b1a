package io.baton.core.schemble.difficulty;

/**
 * What the difficulty {@link io.baton.core.policy.Enricher} derives for one request: the predicted score (never
 * negative: a score is a mean of normalised distances) and how long deriving it took, in wall milliseconds.
 *
 * <p>The latency is part of the request's time: the gateway's deadline clock starts when the request is received,
 * so whatever the enricher takes is already gone from the budget it hands the scheduler; {@code latencyMs} makes
 * that cost visible (response parameter, metrics) and lets a simulation charge the same figure (the predictor's
 * measured latency delays the query's arrival at the dispatcher, its deadline unchanged).
 */
public record Difficulty(double score, double latencyMs) {}
