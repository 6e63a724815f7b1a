/**
 * The gateway warms its serving path before it reports ready. {@link io.baton.gateway.warmup.StartupWarmup} runs as
 * part of start-up (a Spring {@code ApplicationRunner}: the port is open, liveness is CORRECT, readiness stays
 * REFUSING_TRAFFIC until every runner has returned), lists the registry's applications and, for each,
 * {@link io.baton.gateway.warmup.InProcessWarmupCalls} sends synthetic requests
 * ({@link io.baton.gateway.warmup.SyntheticRequest}, from the application's input signature) through the route
 * in-process until scheduling-core's {@code SettleRule} says their latency has settled, all within
 * {@code baton.gateway.warmup.bound}. Start here: {@link io.baton.gateway.warmup.StartupWarmup}.
 */
package io.baton.gateway.warmup;
