/**
 * The worker warms its batch path before it reports ready and registers. {@link io.baton.worker.warmup.StartupWarmup}
 * runs as part of start-up (readiness stays REFUSING_TRAFFIC until it returns) and sends synthetic batches of a few
 * sizes through {@link io.baton.worker.warmup.InProcessWarmupBatches} (JSON decoding, {@code BatchRunner}, ONNX
 * Runtime, output encoding) on a tiny {@link io.baton.worker.warmup.BuiltInModel}, until scheduling-core's
 * {@code SettleRule} says their latency has settled or {@code baton.worker.warmup.bound} passes.
 */
package io.baton.worker.warmup;
