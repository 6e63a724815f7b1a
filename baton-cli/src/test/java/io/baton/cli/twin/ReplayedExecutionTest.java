package io.baton.cli.twin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

import io.baton.core.domain.Device;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.ServedModel;
import io.baton.core.sim.LivePathCosts;

/** What a replayed batch holds its device for, by how often its size was recorded. */
class ReplayedExecutionTest {

    static final ServedModel MODEL = new ServedModel(0, "m", LatencyProfile.linear(1, 0), 50, 8);
    static final Device DEVICE = Device.of(0);

    /**
     * Thirty batches of one request came back in 2 ms; two of four, formed in a slow stretch, in 100 ms. ℓ(b) under
     * load says 4 ms for four (1 ms a request), and the costs 0.5 ms a batch. A batch of four is replayed from its own
     * two round trips, however few: 100 ms, not the 4.5 ms of the fitted mean; a size never recorded runs for the fit
     * plus the costs.
     */
    @Test
    void everyRecordedSizeIsReplayedFromItsOwnRoundTripsAndOnlyAnUnrecordedOneFromTheFit() {
        BatchSamples samples = new BatchSamples();
        for (int i = 0; i < 30; i++) samples.add(1, 1.0, 2.0, 10.0 * i);
        samples.add(4, 4.0, 100.0, 150.0);
        samples.add(4, 4.0, 100.0, 160.0);
        ReplayedExecution replayed = new ReplayedExecution(new BatchSamples[] {samples},
                new LatencyProfile[] {LatencyProfile.linear(1, 0)}, new LivePathCosts(0.5, 0, 0), 7);
        for (double now : new double[] {0, 155, 1_000}) {
            assertThat(replayed.soloMs(MODEL, 1, DEVICE, now)).isEqualTo(2.0);
            assertThat(replayed.soloMs(MODEL, 4, DEVICE, now)).as("at %s ms", now).isEqualTo(100.0);
        }
        assertThat(replayed.soloMs(MODEL, 8, DEVICE, 155)).isCloseTo(8.5, within(1e-9));
    }

    /**
     * Batches of one took 2 ms all along, but 20 ms from 480 to 520 ms (a stretch: a pause, a core taken), and 0.5 ms
     * from 780 to 820 ms; batches of four, formed elsewhere, took 5 ms. A batch of four simulated inside the slow
     * stretch runs for its median plus the 18 ms the stretch added; away from it, for its median; inside the fast one,
     * never below the fastest four recorded.
     */
    @Test
    void aStretchRecordedAtOneSizeAddsWhatItAddedToAnotherSizeRunInIt() {
        BatchSamples samples = new BatchSamples();
        for (int i = 0; i < 100; i++) {
            double at = 10.0 * i;
            boolean slow = at >= 480 && at <= 520, fast = at >= 780 && at <= 820;
            samples.add(1, 1.0, slow ? 20.0 : fast ? 0.5 : 2.0, at);
            if (i == 10 || i == 20 || i == 95) samples.add(4, 4.0, 5.0, at);
        }
        ReplayedExecution replayed = new ReplayedExecution(new BatchSamples[] {samples},
                new LatencyProfile[] {LatencyProfile.linear(1, 0)}, new LivePathCosts(0.5, 0, 0), 7);
        for (int draw = 0; draw < 20; draw++) {
            assertThat(replayed.soloMs(MODEL, 4, DEVICE, 500)).isEqualTo(23.0);
            assertThat(replayed.soloMs(MODEL, 1, DEVICE, 500)).isEqualTo(20.0);
            assertThat(replayed.soloMs(MODEL, 4, DEVICE, 300)).isEqualTo(5.0);
            assertThat(replayed.soloMs(MODEL, 4, DEVICE, 800)).isEqualTo(5.0);
            assertThat(replayed.soloMs(MODEL, 1, DEVICE, 800)).isEqualTo(0.5);
        }
    }
}
