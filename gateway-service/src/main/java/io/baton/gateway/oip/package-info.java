/**
 * The Open Inference Protocol v2 routes: {@link io.baton.gateway.oip.InferController}
 * ({@code POST /v2/models/{app}[/versions/{v}]/infer}), model metadata and readiness
 * ({@link io.baton.gateway.oip.OipModelController}), server liveness, readiness and metadata
 * ({@link io.baton.gateway.oip.OipServerController}, {@link io.baton.gateway.oip.UpstreamHealth}) and Triton's
 * repository index ({@link io.baton.gateway.oip.RepositoryController}).
 *
 * <p>{@link io.baton.gateway.oip.OipRequestReader} and {@link io.baton.gateway.oip.OipResponseWriter} read and write
 * the bodies, JSON or the binary tensor data extension; {@link io.baton.gateway.oip.OipExceptionHandler} answers every
 * refusal with the OIP error body. Serving itself is {@link io.baton.gateway.serving.InferenceService}'s.
 */
package io.baton.gateway.oip;
