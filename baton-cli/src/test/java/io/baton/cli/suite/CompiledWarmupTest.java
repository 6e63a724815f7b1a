package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * {@code up}'s passes after the first quiet wait: another pass while the last one's traffic still compiled more than a
 * tenth of a core per second of it, none after one that compiled less, at most {@link CompiledWarmup#MAX_PASSES}, none
 * begun in the bound's last tenth, and none at all when no service exports the compiler metric.
 */
class CompiledWarmupTest {

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
    private final AtomicInteger passesSent = new AtomicInteger();

    /** Traffic that takes {@code ms} and serves 500; compiler counter readings in turn; compilers always quiet. */
    private CompiledWarmup.Services services(long ms, double... readings) {
        Deque<Double> counter = new ArrayDeque<>();
        for (double r : readings) counter.add(r);
        return new CompiledWarmup.Services(() -> {
            passesSent.incrementAndGet();
            sleep(ms);
            return 500;
        }, () -> counter.size() > 1 ? counter.poll() : counter.peek(), bound -> new CompilerQuiet.Outcome(true, 0, 0, 1));
    }

    @Test
    void passesUntilOneCompilesLessThanATenthOfACorePerSecondOfItsTraffic() {
        // pass 1: 3 s of compilation for 0.2 s of traffic; pass 2: 10 ms, 50 ms per second: compiled
        List<CompiledWarmup.Pass> passes = CompiledWarmup.run(services(200, 1000, 4000, 4000, 4010), Duration.ofSeconds(30), out);

        assertThat(passes).hasSize(2);
        assertThat(passes.get(0).compiledMs()).isEqualTo(3000);
        assertThat(passes.get(0).compiled()).isFalse();
        assertThat(passes.get(1).compiledMs()).isEqualTo(10);
        assertThat(passes.get(1).compiled()).isTrue();
        assertThat(passes.get(1).served()).isEqualTo(500);
        assertThat(passesSent).hasValue(2);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("pass 1: 500 requests in 0.2 s, then 3.0 s of compilation")
                .contains("pass 2: 500 requests in 0.2 s, then 0.0 s of compilation").contains(": compiled");
    }

    @Test
    void stopsAfterMaxPassesWhenEveryPassStillCompiles() {
        List<CompiledWarmup.Pass> passes = CompiledWarmup.run(services(100, 0, 1000, 1000, 2000, 2000, 3000, 3000, 4000),
                Duration.ofSeconds(30), out);

        assertThat(passes).hasSize(CompiledWarmup.MAX_PASSES);
        assertThat(passes).noneMatch(CompiledWarmup.Pass::compiled);
        assertThat(passesSent).hasValue(CompiledWarmup.MAX_PASSES);
    }

    @Test
    void beginsNoPassInTheLastTenthOfTheBound() {
        // passes of 600 ms in a bound of 1 s: the second would begin with 0.4 s left (more than a tenth), the third not
        List<CompiledWarmup.Pass> passes = CompiledWarmup.run(services(600, 0, 5000, 5000, 10000, 10000, 15000),
                Duration.ofSeconds(1), out);

        assertThat(passes).hasSize(2);
        assertThat(passesSent).hasValue(2);
    }

    @Test
    void aPassAfterWhichTheCompilersStayedBusyIsNotCompiledWhateverItsCount() {
        CompiledWarmup.Services busy = new CompiledWarmup.Services(() -> {
            sleep(100);
            return 500;
        }, () -> 0.0, bound -> new CompilerQuiet.Outcome(false, bound.toMillis() / 1000.0, 0, 1));

        List<CompiledWarmup.Pass> passes = CompiledWarmup.run(busy, Duration.ofSeconds(30), out);

        assertThat(passes).hasSize(CompiledWarmup.MAX_PASSES).noneMatch(CompiledWarmup.Pass::compiled);
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("the compilers were still busy at the bound");
    }

    @Test
    void noServiceExportingTheMetricMeansNoPasses() {
        List<CompiledWarmup.Pass> passes = CompiledWarmup.run(services(100, Double.NaN), Duration.ofSeconds(30), out);

        assertThat(passes).isEmpty();
        assertThat(passesSent).hasValue(0);
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("no service exports " + CompilerQuiet.METRIC);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
