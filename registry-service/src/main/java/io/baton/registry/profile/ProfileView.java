package io.baton.registry.profile;

import java.time.Instant;
import java.util.List;

/** A profile as the API shows it ({@code interference} null when the profiler did not measure it). */
public record ProfileView(String deviceKind, String executionProvider, List<LatencyPoint> latency, Double alphaMs,
                          Double betaMs, List<Double> quadratic, Double loadMs, Long memoryBytes,
                          Long dynamicMemoryBytes, Double accuracy, List<Double> classRecall,
                          List<List<Long>> confusionMatrix, InterferenceFeatures interference, Instant measuredAt,
                          long version) {

    public static ProfileView of(ProfileEntity p) {
        return new ProfileView(p.deviceKind(), p.executionProvider(), p.latency(), p.alphaMs(), p.betaMs(),
                p.quadratic(), p.loadMs(), p.memoryBytes(), p.dynamicMemoryBytes(), p.accuracy(), p.classRecall(),
                p.confusionMatrix(), p.interference(), p.measuredAt(), p.version());
    }
}
