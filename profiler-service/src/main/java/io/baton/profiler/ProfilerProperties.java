package io.baton.profiler;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of profiler-service, bound from {@code baton.profiler.*}. A job's request may override
 * {@code batchSizes}, {@code repetitions} and {@code warmup}; the rest are per process.
 *
 * @param registryUrl    base URL of registry-service: where variants, artifacts and datasets are read and finished
 *                       profiles written (default {@code http://127.0.0.1:8081})
 * @param batchSizes     batch sizes whose latency is measured (default 1, 2, 4 … 64)
 * @param repetitions    timed runs per batch size; p50 and p99 are over these (default 20)
 * @param warmup         untimed runs per batch size before the timed ones (default 3)
 * @param intraOpThreads ONNX Runtime intra-op threads of the measured session (0: ONNX Runtime's default, one per
 *                       physical core)
 * @param cudaDeviceId   CUDA ordinal for jobs with provider {@code cuda} (default 0)
 * @param jobThreads     jobs measured at once (default 1: two measurements on one machine disturb each other)
 * @param httpTimeout    per call to the registry (default 30 s; artifact downloads are one call)
 * @param retainedJobs   finished jobs kept for polling; the oldest finished ones are forgotten past this (default 1000)
 * @param ensembleBins   discrepancy-score bins of an ensemble profile when the job names none (default 5; Schemble
 *                       does not say how many, and 5 quantile bins keep about 400 samples per bin of a 2,000-sample
 *                       set)
 * @param interference the interference features measured after each variant's latency profile (what the interference
 *                       planner predicts slowdowns from)
 */
@ConfigurationProperties(prefix = "baton.profiler")
public record ProfilerProperties(
        URI registryUrl,
        List<Integer> batchSizes,
        Integer repetitions,
        Integer warmup,
        Integer intraOpThreads,
        Integer cudaDeviceId,
        Integer jobThreads,
        Duration httpTimeout,
        Integer retainedJobs,
        Integer ensembleBins,
        Interference interference) {

    /**
     * {@code baton.profiler.interference.*}: after a variant's latency profile, its interference features on this
     * device (scheduling-core's {@code InterferenceHarness}: solo latency, average layer time, probed memory
     * bandwidth, utilisation, sensitivity beside the 32 MiB streaming bubble), stored with the profile.
     *
     * @param enabled  measure them (default true); false stores profiles without them
     * @param duration about how long the model's own timed inferences take, per variant (default 300 ms; each of the
     *                 three timed phases runs duration ÷ 4 worth of inferences, at least 5); the bubble's passes come
     *                 on top (about 0.1–0.2 s on this machine)
     * @param warmup   untimed inferences first (default 3; the median of their times sizes the timed phases)
     */
    public record Interference(Boolean enabled, Duration duration, Integer warmup) {
        public Interference {
            if (enabled == null) enabled = true;
            if (duration == null) duration = Duration.ofMillis(300);
            if (warmup == null) warmup = 3;
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("baton.profiler.interference.duration must be positive");
            }
            if (warmup < 1) throw new IllegalArgumentException("baton.profiler.interference.warmup must be ≥ 1");
        }
    }

    public static final List<Integer> DEFAULT_BATCH_SIZES = List.of(1, 2, 4, 8, 16, 32, 64);
    /** The registry keeps at most this many bins per ensemble profile. */
    public static final int MAX_ENSEMBLE_BINS = 1000;

    public ProfilerProperties {
        if (registryUrl == null) registryUrl = URI.create("http://127.0.0.1:8081");
        batchSizes = batchSizes == null || batchSizes.isEmpty() ? DEFAULT_BATCH_SIZES : List.copyOf(batchSizes);
        if (repetitions == null) repetitions = 20;
        if (warmup == null) warmup = 3;
        if (intraOpThreads == null) intraOpThreads = 0;
        if (cudaDeviceId == null) cudaDeviceId = 0;
        if (jobThreads == null) jobThreads = 1;
        if (httpTimeout == null) httpTimeout = Duration.ofSeconds(30);
        if (retainedJobs == null) retainedJobs = 1000;
        if (ensembleBins == null) ensembleBins = 5;
        if (interference == null) interference = new Interference(null, null, null);
        if (ensembleBins < 1 || ensembleBins > MAX_ENSEMBLE_BINS) {
            throw new IllegalArgumentException("baton.profiler.ensemble-bins must be in [1, " + MAX_ENSEMBLE_BINS + "]");
        }
        if (repetitions < 1) throw new IllegalArgumentException("baton.profiler.repetitions must be ≥ 1");
        if (warmup < 0) throw new IllegalArgumentException("baton.profiler.warmup must be ≥ 0");
        if (intraOpThreads < 0) throw new IllegalArgumentException("baton.profiler.intra-op-threads must be ≥ 0");
        if (jobThreads < 1) throw new IllegalArgumentException("baton.profiler.job-threads must be ≥ 1");
        for (int b : batchSizes) {
            if (b < 1) throw new IllegalArgumentException("baton.profiler.batch-sizes must all be ≥ 1");
        }
    }
}
