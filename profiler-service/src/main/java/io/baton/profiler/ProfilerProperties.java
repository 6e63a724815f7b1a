package io.baton.profiler;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Configuration of profiler-service, bound from {@code baton.profiler.*}. A job's request may override
 * {@code batchSizes}, {@code repetitions} and {@code warmup}; the rest are per process.
 *
 * @param registryUrl    base URL of registry-service: where variants, artifacts and datasets are read and finished
 *                       profiles written
 * @param batchSizes     batch sizes whose latency is measured (each at least 1)
 * @param repetitions    timed runs per batch size; p50 and p99 are over these
 * @param warmup         untimed runs per batch size before the timed ones
 * @param intraOpThreads ONNX Runtime intra-op threads of the measured session (0: ONNX Runtime's default, one per
 *                       physical core)
 * @param cudaDeviceId   CUDA ordinal for jobs with provider {@code cuda}
 * @param jobThreads     jobs measured at once (by default one: two measurements on one machine disturb each other)
 * @param httpTimeout    per call to the registry (artifact downloads are one call)
 * @param retainedJobs   finished jobs kept for polling; the oldest finished ones are forgotten past this
 * @param ensembleBins   discrepancy-score bins of an ensemble profile when the job names none (Schemble does not
 *                       say how many, and 5 quantile bins keep about 400 samples per bin of a 2,000-sample
 *                       set)
 * @param interference the interference features measured after each variant's latency profile (what the interference
 *                       planner predicts slowdowns from)
 * @param autoProfile  profiling on registration: jobs started by the profiler itself for variants without a profile
 */
@Validated
@ConfigurationProperties(prefix = "baton.profiler")
public record ProfilerProperties(
        @DefaultValue("http://127.0.0.1:8081") URI registryUrl,
        @DefaultValue({"1", "2", "4", "8", "16", "32", "64"}) @NotEmpty List<@Min(1) Integer> batchSizes,
        @DefaultValue("20") @Min(1) Integer repetitions,
        @DefaultValue("3") @Min(0) Integer warmup,
        @DefaultValue("0") @Min(0) Integer intraOpThreads,
        @DefaultValue("0") Integer cudaDeviceId,
        @DefaultValue("1") @Min(1) Integer jobThreads,
        @DefaultValue("30s") Duration httpTimeout,
        @DefaultValue("1000") Integer retainedJobs,
        @DefaultValue("5") @Min(1) @Max(MAX_ENSEMBLE_BINS) Integer ensembleBins,
        @DefaultValue @Valid Interference interference,
        @DefaultValue @Valid AutoProfile autoProfile) {

    /** The registry keeps at most this many bins per ensemble profile. */
    public static final int MAX_ENSEMBLE_BINS = 1000;

    public ProfilerProperties {
        batchSizes = List.copyOf(batchSizes);
    }

    /**
     * {@code baton.profiler.interference.*}: after a variant's latency profile, its interference features on this
     * device (scheduling-core's {@code InterferenceHarness}: solo latency, average layer time, probed memory
     * bandwidth, utilisation, sensitivity beside the 32 MiB streaming bubble), stored with the profile.
     *
     * @param enabled  measure them; false stores profiles without them
     * @param duration about how long the model's own timed inferences take, per variant (each of the three timed
     *                 phases runs duration ÷ 4 worth of inferences, at least 5); the bubble's passes come on top (about
     *                 0.1–0.2 s on this machine)
     * @param warmup   untimed inferences first (the median of their times sizes the timed phases)
     */
    public record Interference(
            @DefaultValue("true") Boolean enabled,
            @DefaultValue("300ms") @DurationMin(nanos = 0, inclusive = false) Duration duration,
            @DefaultValue("3") @Min(1) Integer warmup) {
    }

    /**
     * {@code baton.profiler.auto-profile.*}: every {@code interval} the profiler reads the registry and starts a job
     * (one at a time) for a variant that has no profile on {@code deviceKind}/{@code provider}; a variant whose
     * automatic job failed, or would be refused, is skipped until its version changes.
     *
     * @param enabled    start such jobs (true by default); false: only jobs someone submits run
     * @param interval   how often the registry is read
     * @param provider   the execution provider the automatic jobs measure with ({@code cpu} or {@code cuda})
     * @param deviceKind the device kind their profiles are filed under (default: the provider's, cpu or gpu)
     */
    public record AutoProfile(
            @DefaultValue("true") Boolean enabled,
            @DefaultValue("5s") @DurationMin(nanos = 0, inclusive = false) Duration interval,
            @DefaultValue("cpu") String provider,
            String deviceKind) {
    }
}
