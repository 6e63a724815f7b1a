package io.baton.profiler.registry;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body of registry-service's {@code PUT /v1/applications/{app}/ensemble-profile}: field for field its
 * {@code EnsembleProfileRequest}. Subset masks count bits in {@code models} order; {@code accuracy[bin][mask]}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EnsembleProfileBody(List<String> models, String aggregator, String dataset, int sampleCount,
                                  List<Double> temperatures, List<Double> meanDistances, List<Double> binEdges,
                                  List<Long> binCounts, List<List<Double>> accuracy, String outputsDigest,
                                  String predictorDigest, Instant measuredAt) {
}
