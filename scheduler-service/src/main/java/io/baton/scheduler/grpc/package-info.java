/**
 * The scheduler's gRPC port ({@link io.baton.scheduler.grpc.IntakeGrpcServer}, {@code baton.scheduler.grpc.*}):
 * the gateway's inference calls in binary, {@code baton.internal.v1.SchedulerIntake} (served by
 * {@link io.baton.scheduler.infer.InferGrpcService}), behind the suite's secret
 * ({@link io.baton.commons.grpc.InternalSecretInterceptor}).
 */
package io.baton.scheduler.grpc;
