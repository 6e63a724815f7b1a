package io.baton.cli.twin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Figures measured over several replays of one trace: rates over all of them, percentiles over all their requests. */
class FiguresTest {

    @Test
    void replaysArePooledNotAveraged() {
        Figures.Tally first = new Figures.Tally();
        Figures.Tally second = new Figures.Tally();
        for (int i = 0; i < 100; i++) {
            first.offered();
            second.offered();
            first.served(10, true, 1);
            // the second replay drew a slow stretch: 5 of its requests late, at 200 ms, in batches of 5
            second.served(i < 5 ? 200 : 10, i >= 5, i < 5 ? 5 : 1);
        }
        Figures.Tally pooled = new Figures.Tally();
        pooled.add(first);
        pooled.add(second);
        Figures f = pooled.figures(1_000, 2);
        assertThat(f.offered()).as("per replay").isEqualTo(100);
        assertThat(f.goodput()).as("195 on time over two 1 s replays").isCloseTo(97.5, within(1e-9));
        assertThat(f.missRate()).isCloseTo(5.0 / 200, within(1e-12));
        assertThat(f.p99LatencyMs()).as("the 198th of 200 latencies").isEqualTo(200.0);
        assertThat(f.meanBatch()).as("200 requests in 195 + 1 batches").isCloseTo(200.0 / 196, within(1e-12));
        assertThat(second.figures(1_000).p99LatencyMs()).isEqualTo(200.0);
        assertThat(first.figures(1_000).p99LatencyMs()).isEqualTo(10.0);
    }
}
