package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GeneratorJitTest {

    @Test
    void quietIsUnderFivePercentOfOneCoreOverTheSlice() {
        assertThat(GeneratorJit.quiet(0, 1)).isTrue();
        assertThat(GeneratorJit.quiet(49, 1)).isTrue();
        assertThat(GeneratorJit.quiet(50, 1)).isFalse();
        assertThat(GeneratorJit.quiet(99, 2)).isTrue();
        assertThat(GeneratorJit.quiet(400, 1)).isFalse();
    }

    @Test
    void thisJvmsCompilationTimeIsReadAndOnlyGrows() {
        GeneratorJit jit = new GeneratorJit();
        // HotSpot, which the CLI runs on, times its compilers
        assertThat(jit.measured()).isTrue();
        long before = jit.totalMs();
        double sink = 0;
        for (int i = 0; i < 2_000_000; i++) sink += Math.sqrt(i) * (i % 7);
        assertThat(sink).isPositive();
        assertThat(jit.totalMs()).isGreaterThanOrEqualTo(before).isPositive();
    }
}
