package io.baton.profiler.registry;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body of registry-service's {@code PUT /v1/applications/{app}/variants/{v}/profiles/{deviceKind}/{provider}}:
 * field for field its {@code ProfileRequest} (the registry refuses unknown fields). Absent values are left out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProfileBody(List<LatencyPoint> latency, Double alphaMs, Double betaMs, List<Double> quadratic,
                          Double loadMs, Long memoryBytes, Long dynamicMemoryBytes, Double accuracy,
                          List<Double> classRecall, List<List<Long>> confusionMatrix, Instant measuredAt) {

    /** Median and 99th percentile of one batch size, ms. */
    public record LatencyPoint(int batchSize, double p50Ms, double p99Ms) {
    }
}
