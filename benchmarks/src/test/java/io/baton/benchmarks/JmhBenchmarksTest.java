package io.baton.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The JMH benchmarks' state and benchmark methods, called once each outside JMH: they keep building their rounds and
 * planning them as the benchmark runs them (JMH itself is not run here; timing is not a test).
 */
class JmhBenchmarksTest {

    @Test
    void schembleRoundsArePlannedAtEveryDelta() {
        for (double delta : new double[] {0.1, 0.01, 0.001}) {
            SchemblePlannerBenchmark b = new SchemblePlannerBenchmark();
            b.delta = delta;
            b.queries = 32;
            b.rounds();
            for (int i = 0; i < 300; i++) { // past the 256 rounds: the rotation wraps
                assertThat(b.plan().utility()).as("delta %s round %d", delta, i).isPositive();
            }
        }
    }

    @Test
    void sneakPeekWindowsScheduleEveryRequestUnderEachPolicy() {
        for (String policy : new String[] {"grouped", "sneakpeek", "lo-priority"}) {
            SneakPeekSchedulerBenchmark b = new SneakPeekSchedulerBenchmark();
            b.policy = policy;
            b.windows();
            for (int i = 0; i < 600; i++) { // past the 512 windows
                assertThat(b.schedule().size()).as("%s window %d", policy, i).isEqualTo(24);
            }
        }
    }
}
