package io.baton.registry.ensemble;

import java.time.Instant;
import java.util.List;

/** An ensemble profile as the API shows it (the fields of {@link EnsembleProfileRequest}, with its application and version). */
public record EnsembleProfileView(String application, List<String> models, String aggregator, String dataset, int sampleCount,
                                  List<Double> temperatures, List<Double> meanDistances, List<Double> binEdges,
                                  List<Long> binCounts, List<List<Double>> accuracy, String outputsDigest,
                                  String predictorDigest, Instant measuredAt, long version) {

    public static EnsembleProfileView of(EnsembleProfileEntity e, String application) {
        return new EnsembleProfileView(application, e.models(), e.aggregator(), e.datasetName(), e.sampleCount(),
                e.temperatures(), e.meanDistances(), e.binEdges(), e.binCounts(), e.accuracy(), e.outputsDigest(),
                e.predictorDigest(), e.measuredAt(), e.version());
    }
}
