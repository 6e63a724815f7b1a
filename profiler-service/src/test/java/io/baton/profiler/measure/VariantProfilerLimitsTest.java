package io.baton.profiler.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import io.baton.commons.runtime.ExecutionProvider;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import io.baton.core.onnx.InputDrivenCostModels;

/**
 * Real crafted models measured by the real profiler under small limits: a {@code Loop} that would run for hours is
 * refused at the per-run limit, or at the total limit when that comes first; an {@code Expand} whose run allocates
 * 256 MB is refused at the memory-growth limit; each refusal names the limit, its key and what was measured. An
 * honest model is measured as before under the same limits.
 */
class VariantProfilerLimitsTest {

    static final VariantProfiler.Settings SETTINGS = new VariantProfiler.Settings(List.of(1, 2, 4), 3, 1,
            ExecutionProvider.CPU, 0, 1);

    /** 10^10 trips even for inputs in [0, 1): hours at half a microsecond a trip. */
    static final byte[] LOOP = InputDrivenCostModels.loop(1e10f).toBytes();
    /** An 8000 x 8000 FP32 buffer: 256 MB in one kernel. */
    static final byte[] EXPAND = InputDrivenCostModels.expand(8000).toBytes();

    private static VariantProfiler profiler(Duration run, Duration total, DataSize memory) {
        return new VariantProfiler(new ProfilingLimits(run, total, memory));
    }

    @Test
    void aLoopingModelIsRefusedAtThePerRunLimitNamingIt() {
        assertThatThrownBy(() -> profiler(Duration.ofMillis(300), Duration.ofMinutes(1), DataSize.ofGigabytes(1))
                .profile(LOOP, null, 0, SETTINGS, Progress.NONE))
                .isInstanceOf(ProfilingLimitExceeded.class)
                .hasMessageContaining("refused: a run (batch 1, warm-up) was cancelled after")
                .hasMessageContaining("past the limit of 300 ms per run (baton.profiler.limits.run-time)");
    }

    @Test
    void aLoopingModelIsRefusedAtTheTotalLimitWhenThatComesFirst() {
        assertThatThrownBy(() -> profiler(Duration.ofSeconds(30), Duration.ofMillis(400), DataSize.ofGigabytes(1))
                .profile(LOOP, null, 0, SETTINGS, Progress.NONE))
                .isInstanceOf(ProfilingLimitExceeded.class)
                .hasMessageContaining("refused: measuring the variant was cancelled after")
                .hasMessageContaining("past the limit of 400 ms in total (baton.profiler.limits.total-time)");
    }

    @Test
    void anExpandingModelIsRefusedAtTheMemoryLimitNamingTheGrowth() {
        assertThatThrownBy(() -> profiler(Duration.ofSeconds(30), Duration.ofMinutes(1), DataSize.ofMegabytes(128))
                .profile(EXPAND, null, 0, SETTINGS, Progress.NONE))
                .isInstanceOf(ProfilingLimitExceeded.class)
                .hasMessageContaining("refused: the profiler's resident memory grew by")
                .hasMessageContaining("past the limit of 128 MB (baton.profiler.limits.memory-growth)");
    }

    @Test
    void anHonestModelIsMeasuredUnderTheSameLimits() throws Exception {
        GraphBuilder g = new GraphBuilder("honest");
        String x = g.input("x", Dim.BATCH, Dim.of(1));
        g.output(g.relu(x), "y", Dim.BATCH, Dim.of(1));
        VariantProfiler.Result r = profiler(Duration.ofMillis(300), Duration.ofSeconds(20), DataSize.ofMegabytes(128))
                .profile(g.build().toBytes(), null, 0, SETTINGS, Progress.NONE);
        assertThat(r.rawLatency()).hasSize(3);
    }
}
