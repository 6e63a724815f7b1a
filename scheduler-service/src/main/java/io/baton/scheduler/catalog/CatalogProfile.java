package io.baton.scheduler.catalog;

import java.time.Instant;
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
 * @param interference the variant's interference features on this device (the registry's {@code interference}),
 *                     null when the profiler did not measure them
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CatalogProfile(String deviceKind, String executionProvider, List<Point> latency, Double accuracy,
                             Long version, Double loadMs, Long memoryBytes, List<Double> classRecall,
                             InterferenceFeatures interference) {

    public CatalogProfile {
        latency = latency == null ? List.of() : List.copyOf(latency);
        classRecall = classRecall == null ? List.of() : List.copyOf(classRecall);
    }

    public CatalogProfile(String deviceKind, String executionProvider, List<Point> latency, Double accuracy, Long version) {
        this(deviceKind, executionProvider, latency, accuracy, version, null, null, null, null);
    }

    /** A profile without interference features. */
    public CatalogProfile(String deviceKind, String executionProvider, List<Point> latency, Double accuracy,
                          Long version, Double loadMs, Long memoryBytes, List<Double> classRecall) {
        this(deviceKind, executionProvider, latency, accuracy, version, loadMs, memoryBytes, classRecall, null);
    }

    /**
     * What the profiler measured of the variant alone on this device and beside the fixed synthetic bubble co-runner
     * (the interference paper's section IV-B; profiler-service's README says how, on the CPU): the inputs of an
     * interference predictor.
     *
     * @param soloMs       latency of one batch-1 inference alone, ms
     * @param avgLayerMs   soloMs ÷ the graph's operator nodes, ms
     * @param layers       the graph's operator nodes, when given
     * @param bandwidthGBs memory bandwidth the variant takes alone, GB/s, as {@code probe} measured it
     * @param utilisation  the device's busy fraction while it runs alone, in [0, 1]
     * @param sensitivity  slowdown beside the bubble (latency beside it ÷ solo, ≥ 1 but for noise)
     * @param probe        how bandwidth was measured (e.g. {@code bubble-probe:32MiB-copy})
     * @param measuredAt   when
     * @param pressure     the fraction of the bubble's streaming rate the variant takes away, null when not measured
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record InterferenceFeatures(double soloMs, double avgLayerMs, Integer layers, double bandwidthGBs,
                                       double utilisation, double sensitivity, String probe, Instant measuredAt,
                                       Double pressure) {
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
