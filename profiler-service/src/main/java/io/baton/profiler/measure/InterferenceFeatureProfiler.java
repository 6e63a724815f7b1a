package io.baton.profiler.measure;

import java.time.Instant;

import ai.onnxruntime.OrtException;
import io.baton.core.interference.measure.CpuProfile;
import io.baton.core.interference.measure.InterferenceHarness;
import io.baton.profiler.ProfilerProperties;
import io.baton.profiler.registry.ProfileBody;

/**
 * A variant's interference features on this machine's CPU (issue 8, the interference paper's section IV-B), measured
 * by scheduling-core's {@link InterferenceHarness} — the same entry point {@code baton bench interference-calibrate}
 * profiles its models with — and shaped for the registry.
 *
 * <p>The variant runs at batch 1 in its own ONNX Runtime session with one intra-op thread (one core's worth of work):
 * alone (solo latency: median thread CPU time; utilisation: CPU time ÷ wall time), beside the fixed synthetic bubble
 * (a 32 MiB streaming copy on the other core: sensitivity = latency beside it ÷ solo), and as the co-runner of the
 * bubble (bandwidth: the fraction of the bubble's solo streaming rate it takes away, times that rate, in GB/s — a probe,
 * as this machine exposes no hardware memory counters). The average layer time is solo ÷ the graph's operator nodes.
 * Every input the variant declares is fed, of its declared element type and shape (symbolic dimensions 1).
 */
public final class InterferenceFeatureProfiler {

    private final ProfilerProperties.Interference settings;

    public InterferenceFeatureProfiler(ProfilerProperties.Interference settings) {
        this.settings = settings;
    }

    public boolean enabled() {
        return settings.enabled();
    }

    /**
     * A harness for one job: it holds the bubble's two 32 MiB buffers and measures the bubble's solo rate once, on
     * its first variant. Not thread-safe: one per job.
     */
    public InterferenceHarness harness() {
        return InterferenceHarness.timed(settings.warmup(), settings.duration());
    }

    /**
     * The features of {@code model}, measured now with {@code harness}; an {@link IllegalStateException} when they are
     * no measurement the registry would take (the job then stores the profile without them and says why).
     */
    public ProfileBody.Interference measure(InterferenceHarness harness, String name, byte[] model) throws OrtException {
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
