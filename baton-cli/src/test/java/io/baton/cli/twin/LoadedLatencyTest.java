package io.baton.cli.twin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.domain.LatencyProfile;
import org.junit.jupiter.api.Test;

/**
 * ℓ(b) under load fitted from recorded batches: a line known in closed form is recovered by least squares from
 * batches drawn about it; a size with enough batches takes their mean, a size with too few and one never seen the
 * line; one size alone scales the profile; none leaves the profile; the spread is the batches' own.
 */
class LoadedLatencyTest {

    private static final LatencyProfile PROFILE = LatencyProfile.linear(1.0, 2.0); // ℓ(b) = b + 2 on a quiet machine

    @Test
    void aLineKnownInClosedFormIsRecoveredFromBatchesAboutIt() {
        // under load ℓ(b) = 0.75·b + 1.5: every size gets pairs symmetric about the line (±10%), a few sizes too few
        // for their own mean, so the least-squares line is exactly the true one
        BatchSamples s = new BatchSamples();
        int[] sizes = {1, 2, 3, 5, 8};
        int[] pairs = {30, 12, 5, 20, 2};
        for (int i = 0; i < sizes.length; i++) {
            double truth = 0.75 * sizes[i] + 1.5;
            for (int k = 0; k < pairs[i]; k++) {
                s.add(sizes[i], truth * 0.9);
                s.add(sizes[i], truth * 1.1);
            }
        }
        LoadedLatency f = LoadedLatency.fit("app", "v1", PROFILE, s, 16);
        assertThat(f.source()).isEqualTo(LoadedLatency.Source.LINE);
        assertThat(f.alphaMs()).isCloseTo(0.75, within(1e-9));
        assertThat(f.betaMs()).isCloseTo(1.5, within(1e-9));
        assertThat(f.samples().batches()).isEqualTo(2L * (30 + 12 + 5 + 20 + 2));
        for (int b = 1; b <= 16; b++) {
            assertThat(f.loaded().latencyMs(b)).as("ℓ(%d)", b).isCloseTo(0.75 * b + 1.5, within(1e-9));
        }
        assertThat(f.ownMean(1)).isTrue(); // 60 batches
        assertThat(f.ownMean(2)).isTrue(); // 24
        assertThat(f.ownMean(3)).as("10 batches: the line").isFalse();
        assertThat(f.ownMean(8)).as("4 batches: the line").isFalse();
        assertThat(f.ownMean(13)).as("never seen: the line").isFalse();
        // each batch 10% off its size's mean: CV² = 0.01 · n / (n − 1) pooled, σ = √ln(1 + CV²)
        long n = f.samples().batches(), freedom = n - sizes.length;
        assertThat(f.spread()).isCloseTo(Math.sqrt(Math.log1p(0.01 * n / freedom)), within(1e-12));
    }

    @Test
    void aSizeWithEnoughBatchesTakesTheirMeanAndTheOthersTheLine() {
        BatchSamples s = new BatchSamples();
        for (int k = 0; k < 40; k++) s.add(1, 2.0);   // ℓ(1) = 2
        for (int k = 0; k < 40; k++) s.add(4, 5.0);   // ℓ(4) = 5
        for (int k = 0; k < 3; k++) s.add(2, 9.0);    // an outlier size, too few for its own mean
        LoadedLatency f = LoadedLatency.fit("app", "v1", PROFILE, s, 8);
        assertThat(f.loaded().latencyMs(1)).isEqualTo(2.0);
        assertThat(f.loaded().latencyMs(4)).isEqualTo(5.0);
        assertThat(f.loaded().latencyMs(2)).as("from the line").isCloseTo(f.alphaMs() * 2 + f.betaMs(), within(1e-9));
        assertThat(f.spread()).isZero();
    }

    @Test
    void oneSizeAloneScalesTheProfileAndNoneLeavesIt() {
        BatchSamples one = new BatchSamples();
        for (int k = 0; k < 25; k++) one.add(2, 8.0); // twice the profile's ℓ(2) = 4
        one.addCold();
        LoadedLatency f = LoadedLatency.fit("app", "v1", PROFILE, one, 8);
        assertThat(f.source()).isEqualTo(LoadedLatency.Source.SCALED_PROFILE);
        assertThat(f.alphaMs()).isNaN();
        assertThat(f.loaded().latencyMs(2)).isEqualTo(8.0);
        assertThat(f.loaded().latencyMs(1)).isCloseTo(6.0, within(1e-9));
        assertThat(f.loaded().latencyMs(8)).isCloseTo(20.0, within(1e-9));
        assertThat(f.samples().cold()).isEqualTo(1);

        LoadedLatency none = LoadedLatency.fit("app", "v1", PROFILE, null, 8);
        assertThat(none.source()).isEqualTo(LoadedLatency.Source.PROFILE);
        assertThat(none.loaded()).isSameAs(PROFILE);
        assertThat(none.ownMean(1)).isFalse();
    }

    @Test
    void aNegativeSlopeIsClampedToAFlatMean() {
        BatchSamples s = new BatchSamples();
        s.add(1, 5.0);
        s.add(4, 3.0);
        LoadedLatency f = LoadedLatency.fit("app", "v1", PROFILE, s, 4);
        assertThat(f.alphaMs()).isZero();
        assertThat(f.betaMs()).isEqualTo(4.0);
        assertThat(f.loaded().latencyMs(3)).isEqualTo(4.0);
    }

    @Test
    void badSamplesAreRefusedNamingWhatIsWrong() {
        BatchSamples s = new BatchSamples();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.add(0, 1.0)).hasMessageContaining("batchSize");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.add(1, Double.NaN)).hasMessageContaining("executionMs");
    }
}
