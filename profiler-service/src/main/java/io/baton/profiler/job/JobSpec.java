package io.baton.profiler.job;

import java.util.List;
import java.util.Map;

import io.baton.core.policy.Aggregator;
import io.baton.profiler.measure.FeedPlan;
import io.baton.profiler.measure.VariantProfiler;
import io.baton.profiler.registry.RegistryModel;

/**
 * A checked job request: the application as the registry had it at submission, the variants to measure (in the
 * registry's order), where the profiles go, and how to measure; for a whole ensemble, how to profile it too.
 *
 * @param plans        what each variant (by name) is fed: its inputs at their declared shapes and its batching
 * @param ensemble     the ensemble profile to derive after the variants, or null
 * @param ensembleNote why an ensemble application's profile is not derived by this job, or null
 */
public record JobSpec(RegistryModel.Application application, List<RegistryModel.Variant> variants, String deviceKind,
                      RegistryModel.Dataset dataset, VariantProfiler.Settings settings, Map<String, FeedPlan> plans,
                      EnsembleStep ensemble, String ensembleNote) {

    /** The ensemble step: score bins, and the aggregator (by the application's name for it) the ensemble combines with. */
    public record EnsembleStep(int bins, String aggregatorName, Aggregator aggregator) {
    }
}
