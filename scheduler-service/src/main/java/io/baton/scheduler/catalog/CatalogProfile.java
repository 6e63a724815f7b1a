package io.baton.scheduler.catalog;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.baton.core.domain.LatencyProfile;

/**
 * A variant's measured profile on one device kind and execution provider.
 *
 * @param latency     p50 and p99 per profiled batch size, ms
 * @param loadMs      time to load the variant onto a worker (SneakPeek's swap cost), when measured
 * @param memoryBytes its resident footprint on a worker, when measured
 * @param classRecall per class, the recall on the validation set (SneakPeek's data-aware accuracy), when measured
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CatalogProfile(String deviceKind, String executionProvider, List<Point> latency, Double accuracy,
                             Long version, Double loadMs, Long memoryBytes, List<Double> classRecall) {

    public CatalogProfile {
        latency = latency == null ? List.of() : List.copyOf(latency);
        classRecall = classRecall == null ? List.of() : List.copyOf(classRecall);
    }

    public CatalogProfile(String deviceKind, String executionProvider, List<Point> latency, Double accuracy, Long version) {
        this(deviceKind, executionProvider, latency, accuracy, version, null, null, null);
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
