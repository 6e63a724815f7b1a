/**
 * The worker's binary batch route: {@code baton.internal.v1.WorkerBatches/Run} over gRPC
 * ({@link io.baton.worker.grpc.WorkerGrpcServer}, on {@code baton.worker.grpc.port}, by default the HTTP port + 1000),
 * the same batches as {@code POST /internal/v1/batches} with every part as raw bytes instead of base64 in JSON, on
 * one persistent HTTP/2 connection per scheduler. A call runs through the same
 * {@link io.baton.worker.batch.BatchRunner} and is refused with the same status and problem body as the HTTP route
 * (made by {@link io.baton.worker.api.ProblemAdvice}), carried in the answer; the suite's secret is demanded in the
 * metadata ({@code x-baton-internal-secret}), and every size a caller controls is bounded.
 */
package io.baton.worker.grpc;
