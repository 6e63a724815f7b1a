package io.baton.profiler.job;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A profiling job as {@code GET /v1/profiling-jobs/{id}} shows it. {@code state} is lower case. For an ensemble
 * profiled whole, {@code bins} and, once written, {@code ensembleProfile}; for an ensemble whose profile this job
 * does not derive, {@code ensembleNote} says why.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobView(String id, String state, double progress, String error, String application,
                      List<String> variants, String deviceKind, String provider, String dataset,
                      List<Integer> batchSizes, int repetitions, int warmup, Integer bins, Instant createdAt,
                      Instant startedAt, Instant finishedAt, List<VariantOutcome> results, EnsembleOutcome ensembleProfile,
                      String ensembleNote) {

    public static JobView of(ProfilingJob job) {
        JobSpec s = job.spec();
        return new JobView(job.id(), job.state().name().toLowerCase(Locale.ROOT), job.progress(), job.error(),
                s.application().name(), s.variants().stream().map(v -> v.name()).toList(), s.deviceKind(),
                s.settings().provider().id(), s.dataset() == null ? null : s.dataset().name(),
                s.settings().batchSizes(), s.settings().repetitions(), s.settings().warmup(),
                s.ensemble() == null ? null : s.ensemble().bins(), job.createdAt(), job.startedAt(), job.finishedAt(),
                job.results(), job.ensembleOutcome(), s.ensembleNote());
    }
}
