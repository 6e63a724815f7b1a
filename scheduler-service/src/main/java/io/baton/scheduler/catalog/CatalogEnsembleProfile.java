package io.baton.scheduler.catalog;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * An ensemble application's ensemble profile as the registry stores it (what the profiler derived for Schemble):
 * the base models in mask order, the score bins' upper edges and sample counts, and the accuracy of every
 * (bin, subset) against the full ensemble; {@code version} changes whenever it is replaced.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CatalogEnsembleProfile(String application, List<String> models, String aggregator, List<Double> binEdges,
                                     List<Long> binCounts, List<List<Double>> accuracy, long version) {
}
