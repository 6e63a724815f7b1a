package io.baton.scheduler.catalog;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.baton.core.domain.LatencyProfile;

/**
 * A variant's measured profile on one device kind and execution provider.
 *
 * @param latency p50 and p99 per profiled batch size, ms
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CatalogProfile(String deviceKind, String executionProvider, List<Point> latency, Double accuracy,
                             Long version) {

    public CatalogProfile {
        latency = latency == null ? List.of() : List.copyOf(latency);
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Point(int batchSize, double p50Ms, double p99Ms) {
    }

    boolean usable() {
        return deviceKind != null && executionProvider != null && !latency.isEmpty();
    }

    /** The largest batch size measured: the scheduler never sends a larger batch than was profiled. */
    public int largestBatch() {
        return latency.stream().mapToInt(Point::batchSize).max().orElse(1);
    }

    /**
     * ℓ(b) to plan with: the measured p50 points plus {@code overheadMs} per batch (the HTTP and JSON a live batch
     * also pays); batch sizes between the points come from the linear fit, as in scheduling-core's measured
     * profiles.
     */
    public LatencyProfile toLatencyProfile(double overheadMs) {
        Map<Integer, Double> points = new TreeMap<>();
        for (Point p : latency) {
            points.put(p.batchSize(), p.p50Ms() + overheadMs);
        }
        return LatencyProfile.measured(points, LatencyProfile.Fit.LINEAR);
    }
}
