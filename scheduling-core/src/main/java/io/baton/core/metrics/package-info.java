/**
 * {@link io.baton.core.metrics.LatencyHistogram}: a fixed-size, allocation-free log-linear latency histogram for
 * percentiles, used by the simulator.
 */
package io.baton.core.metrics;
