package io.baton.profiler.job;

import java.util.List;

import io.baton.profiler.measure.VariantProfiler;
import io.baton.profiler.registry.RegistryModel;

/**
 * A checked job request: the application as the registry had it at submission, the variants to measure (in the
 * registry's order), where the profiles go, and how to measure.
 */
public record JobSpec(RegistryModel.Application application, List<RegistryModel.Variant> variants, String deviceKind,
                      RegistryModel.Dataset dataset, VariantProfiler.Settings settings) {
}
