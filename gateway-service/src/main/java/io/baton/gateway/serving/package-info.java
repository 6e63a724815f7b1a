/**
 * Serving one inference request: {@link io.baton.gateway.serving.InferenceService} finds the application, checks inputs
 * ({@link io.baton.gateway.serving.InputValidator}) and limits ({@link io.baton.gateway.serving.RequestLimits}), sets
 * the {@link io.baton.gateway.serving.Deadline} and priority ({@link io.baton.gateway.serving.PriorityMapping}), and
 * hands the request to the route of its application's kind: {@link io.baton.gateway.serving.SingleModelRoute},
 * {@link io.baton.gateway.serving.EnsembleRoute} (aggregated by {@link io.baton.gateway.serving.EnsembleAggregation})
 * or {@link io.baton.gateway.serving.PipelineRoute}.
 *
 * <p>Edge enrichment for the policies that need it runs here too, before the scheduler call and against the deadline:
 * Schemble's difficulty score ({@link io.baton.gateway.serving.DifficultyEnrichment}) and SneakPeek's k-NN evidence
 * ({@link io.baton.gateway.serving.SneakPeekEvidence}).
 */
package io.baton.gateway.serving;
