/**
 * The gateway-facing routes: {@link io.baton.scheduler.infer.InferController} ({@code POST /internal/v1/infer},
 * answered asynchronously when the batch returns; an application's readiness) and
 * {@link io.baton.scheduler.infer.EnsembleQueryController} ({@code POST /internal/v1/ensemble-queries}, Schemble's
 * query-level route), with their wire records; {@link io.baton.scheduler.infer.InferGrpcService}, the same inference
 * over gRPC ({@code SchedulerIntake.Infer}), submitted and refused through the same
 * {@link io.baton.scheduler.infer.InferCalls}.
 */
package io.baton.scheduler.infer;
