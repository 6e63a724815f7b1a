/**
 * The scheduler warms its request path before it reports ready. {@link io.baton.scheduler.warmup.StartupWarmup} runs
 * as part of start-up (readiness stays REFUSING_TRAFFIC until it returns), waits for a LIVE worker, lists the
 * registry's applications and sends each synthetic requests through the {@code InferController} in-process
 * ({@link io.baton.scheduler.warmup.InProcessWarmupCalls}) until scheduling-core's {@code SettleRule} says their latency
 * has settled, all within {@code baton.scheduler.warmup.bound}.
 */
package io.baton.scheduler.warmup;
