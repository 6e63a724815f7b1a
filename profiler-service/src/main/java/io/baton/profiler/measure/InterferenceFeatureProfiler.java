package io.baton.profiler.measure;

import java.time.Instant;

import ai.onnxruntime.OrtException;
import io.baton.commons.runtime.ExecutionProvider;
import io.baton.core.interference.measure.CpuProfile;
import io.baton.core.interference.measure.InterferenceHarness;
import io.baton.profiler.ProfilerProperties;
import io.baton.profiler.registry.ProfileBody;

/**
 * A variant's interference features on this machine's CPU (the interference paper's section IV-B), measured
 * by scheduling-core's {@link InterferenceHarness} — the same entry point {@code baton bench interference-calibrate}
 * profiles its models with — and shaped for the registry.
 *
 * <p>The variant runs at batch 1 in its own ONNX Runtime session with one intra-op thread (one core's worth of work):
 * alone (solo latency: median thread CPU time; utilisation: CPU time ÷ wall time), beside the fixed synthetic bubble
 * (a 32 MiB streaming copy on the other core: sensitivity = latency beside it ÷ solo), and as the co-runner of the
 * bubble (bandwidth: the fraction of the bubble's solo streaming rate it takes away, times that rate, in GB/s — a
 * probe, as this machine exposes no hardware memory counters). The average layer time is solo ÷ the graph's operator
 * nodes. Every input the variant declares is fed, of its declared element type and shape (symbolic dimensions 1).
 */
public record InterferenceFeatureProfiler(ProfilerProperties.Interference settings) {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(InterferenceFeatureProfiler.class);

    private boolean enabled() {
        return settings.enabled();
    }

    /**
     * What one variant's measurement gave: the features (null when not measured), how long they took (null likewise)
     * and, when not measured, why.
     */
    public record Outcome(ProfileBody.Interference features, Double ms, String note) {
    }

    /**
     * The measurements of one profiling job on {@code provider}: whether to measure at all (switched on, and on the
     * CPU: the bubble is a CPU memory stream), and one harness for the job, made on its first variant measured.
     */
    public JobRun forJob(ExecutionProvider provider) {
        return new JobRun(provider);
    }

    /** One job's measurements, in its thread (not thread-safe, like the harness it holds). */
    public final class JobRun {
        private final ExecutionProvider provider;
        private InterferenceHarness harness;

        private JobRun(ExecutionProvider provider) {
            this.provider = provider;
        }

        /** The features of {@code model}, or why there are none; a failed measurement is reported, never thrown. */
        public Outcome measure(String application, String variant, byte[] model) {
            if (!enabled()) {
                return new Outcome(null, null,
                        "interference features are switched off (baton.profiler.interference.enabled=false)");
            }
            if (provider != ExecutionProvider.CPU) {
                return new Outcome(null, null, "interference features are measured on the CPU only (the bubble is a CPU "
                        + "memory stream); this job profiles " + provider.id());
            }
            long t0 = System.nanoTime();
            try {
                if (harness == null) harness = harness();
                ProfileBody.Interference f = InterferenceFeatureProfiler.this.measure(harness, variant, model);
                return new Outcome(f, (System.nanoTime() - t0) / 1e6, null);
            } catch (OrtException | RuntimeException e) {
                log.warn("interference features of {}/{} not measured", application, variant, e);
                return new Outcome(null, null, "interference features not measured: " + e.getMessage());
            }
        }
    }

    /**
     * A harness for one job: it holds the bubble's two 32 MiB buffers and measures the bubble's solo rate once, on
     * its first variant. Not thread-safe: one per job.
     */
    private InterferenceHarness harness() {
        return InterferenceHarness.timed(settings.warmup(), settings.duration());
    }

    /**
     * The features of {@code model}, measured now with {@code harness}; an {@link IllegalStateException} when they are
     * no measurement the registry would take (the job then stores the profile without them and says why).
     */
    private ProfileBody.Interference measure(InterferenceHarness harness, String name, byte[] model) throws OrtException {
        CpuProfile p = harness.profile(name, model, 1);
        if (!(p.soloMs() > 0) || !Double.isFinite(p.sensitivity()) || !Double.isFinite(p.bandwidthGBs())
                || !Double.isFinite(p.pressure())) {
            // e.g. a graph so small its inference takes no measurable CPU time: no ratio to report
            throw new IllegalStateException("no usable measurement (solo " + p.soloMs() + " ms, sensitivity "
                    + p.sensitivity() + ", bandwidth " + p.bandwidthGBs() + " GB/s)");
        }
        return new ProfileBody.Interference(p.soloMs(), p.avgLayerMs(), p.layers(), p.bandwidthGBs(), p.utilisation(),
                p.sensitivity(), p.probe(), Instant.now(), Math.max(0, p.pressure()));
    }
}
