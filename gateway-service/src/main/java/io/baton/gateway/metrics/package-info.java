/**
 * Per-application inference meters ({@link io.baton.gateway.metrics.InferenceMetrics}): request latency by outcome and
 * errors by reason, with unknown application names folded into one series.
 */
package io.baton.gateway.metrics;
