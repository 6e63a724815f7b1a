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
                          List<Double> classRecall, List<List<Long>> confusionMatrix, Instant measuredAt,
                          Interference interference) {

    /** Without interference features (they are measured after the latency profile, {@link #with}). */
    public ProfileBody(List<LatencyPoint> latency, Double alphaMs, Double betaMs, List<Double> quadratic, Double loadMs,
                       Long memoryBytes, Long dynamicMemoryBytes, Double accuracy, List<Double> classRecall,
                       List<List<Long>> confusionMatrix, Instant measuredAt) {
        this(latency, alphaMs, betaMs, quadratic, loadMs, memoryBytes, dynamicMemoryBytes, accuracy, classRecall,
                confusionMatrix, measuredAt, null);
    }

    /** This profile with these interference features (null: none). */
    public ProfileBody with(Interference features) {
        return new ProfileBody(latency, alphaMs, betaMs, quadratic, loadMs, memoryBytes, dynamicMemoryBytes, accuracy,
                classRecall, confusionMatrix, measuredAt, features);
    }

    /**
     * The registry's {@code InterferenceFeatures}: the variant's interference features on this device, what the
     * interference planner predicts slowdowns from.
     *
     * @param soloMs       median thread CPU time of one batch-1 inference alone, ms
     * @param avgLayerMs   soloMs ÷ layers
     * @param layers       the graph's operator nodes
     * @param bandwidthGBs memory bandwidth the variant takes, GB/s, as {@code probe} measured it
     * @param utilisation  its core's busy fraction while it runs alone (thread CPU time ÷ wall time), in (0, 1]
     * @param sensitivity  median latency beside the 32 MiB streaming bubble ÷ solo latency (≥ 1)
     * @param probe        how bandwidth was measured ({@code bubble-probe:32MiB-copy}: no hardware counters here)
     * @param pressure the fraction of the bubble's solo streaming rate the variant takes away (bandwidthGBs ÷ that
     *                     rate)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Interference(double soloMs, double avgLayerMs, int layers, double bandwidthGBs, double utilisation,
                               double sensitivity, String probe, Instant measuredAt, double pressure) {
    }

    /** Median and 99th percentile of one batch size, ms. */
    public record LatencyPoint(int batchSize, double p50Ms, double p99Ms) {
    }
}
