package io.baton.core.symphony.sizing;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SymphonySizingTest {

    private final SymphonySizing sizing = new SymphonySizing();

    @Test
    void table4RatesNeedEightGpus() {
        assertThat(sizing.plan(new SizingInput(1.053, 5.072, 25, 5839, null))).isEqualTo(new SizingPlan(8, 16));
        assertThat(sizing.plan(new SizingInput(5.090, 18.368, 70, 1083, null))).isEqualTo(new SizingPlan(8, 8));
        // Slightly more than eight GPUs deliver needs a ninth.
        assertThat(sizing.plan(new SizingInput(1.053, 5.072, 25, 5840, null)).gpus()).isEqualTo(9);
    }

    @Test
    void capOnTheBatchCostsDevices() {
        // With b ≤ 8, ResNet50 at SLO 25 delivers N·8/(8·1.053 + 5.072)·1000 ≈ 592.8·N req/s, so N = ⌈5839/592.8⌉ = 10.
        SizingPlan p = sizing.plan(new SizingInput(1.053, 5.072, 25, 5839, 8));
        assertThat(p).isEqualTo(new SizingPlan(10, 8));
    }

    @Test
    void smallRateNeedsOneDevice() {
        // N = 1: (1 + 1)·ℓ(b) < 25 → ℓ(b) < 12.5 → b = 7, throughput 7/12.443·1000 ≈ 562.6 req/s.
        assertThat(sizing.plan(new SizingInput(1.053, 5.072, 25, 100, null))).isEqualTo(new SizingPlan(1, 7));
        assertThat(sizing.plan(new SizingInput(1.053, 5.072, 25, 562, null))).isEqualTo(new SizingPlan(1, 7));
        assertThat(sizing.plan(new SizingInput(1.053, 5.072, 25, 563, null)).gpus()).isEqualTo(2);
    }

    @Test
    void agreesWithBruteForceOracleOnRandomInputs() {
        Random rnd = new Random(2024);
        int compared = 0;
        for (int t = 0; t < 500; t++) {
            double alpha = rnd.nextInt(10) == 0 ? 0 : 0.05 + rnd.nextDouble() * 10;
            double beta = rnd.nextInt(10) == 0 ? 0 : rnd.nextDouble() * 50;
            if (alpha + beta == 0) beta = 1;
            Integer cap = rnd.nextBoolean() ? null : 1 + rnd.nextInt(128);
            if (alpha == 0 && cap == null) cap = 1 + rnd.nextInt(128); // keep the oracle's b-scan finite
            double slo = (alpha * (1 + rnd.nextInt(60)) + beta) * (0.9 + rnd.nextDouble() * 2.1);
            double perDevice = 1000.0 / (alpha + beta); // b = 1 on one device
            double rate = perDevice * (0.05 + rnd.nextDouble() * rnd.nextDouble() * 400);
            SizingInput in = new SizingInput(alpha, beta, slo, rate, cap);

            int[] oracle = oracle(in, 3000);
            if (oracle != null) {
                assertThat(sizing.plan(in)).as("%s", in).isEqualTo(new SizingPlan(oracle[0], oracle[1]));
                compared++;
            } else if (slo <= alpha + beta) {
                // (1 + 1/N)·ℓ(1) > ℓ(1) ≥ slo for every N: provably nothing fits.
                InfeasibleSizingException e = catchThrowableOfType(() -> sizing.plan(in),
                        InfeasibleSizingException.class);
                assertThat(e).as("%s", in).isNotNull();
                assertThat(e.reason()).isEqualTo(InfeasibleSizingException.Reason.NO_BATCH_FITS);
            } else {
                // Beyond the oracle's reach: the answer must exceed it and be minimal.
                try {
                    SizingPlan p = sizing.plan(in);
                    assertThat(p.gpus()).isGreaterThan(3000);
                    IdealBatching ib = IdealBatching.of(alpha, beta);
                    int c = in.effectiveMaxBatch();
                    assertThat(ib.staggeredThroughputRps(p.gpus(), slo, c)).isGreaterThanOrEqualTo(rate);
                    assertThat(ib.staggeredThroughputRps(p.gpus() - 1, slo, c)).isLessThan(rate);
                } catch (InfeasibleSizingException expected) {
                    // fine: unreachable or no batch up to 10^6 devices
                }
            }
        }
        assertThat(compared).isGreaterThan(350);
    }

    @Test
    void throughputIsMonotoneInDevices() {
        // The property that makes doubling + binary search correct, checked in floating point.
        Random rnd = new Random(5);
        for (int t = 0; t < 200; t++) {
            double alpha = rnd.nextDouble() * 10;
            double beta = rnd.nextDouble() * 50 + (alpha == 0 ? 1 : 0);
            double slo = (alpha * (1 + rnd.nextInt(40)) + beta) * (1 + rnd.nextDouble());
            int cap = rnd.nextBoolean() ? Integer.MAX_VALUE : 1 + rnd.nextInt(64);
            IdealBatching ib = IdealBatching.of(alpha, beta);
            double prev = 0;
            int prevBatch = 0;
            for (int n = 1; n <= 5000; n++) {
                int b = ib.staggeredBatch(n, slo, cap);
                double thr = ib.throughputRps(n, b);
                assertThat(b).isGreaterThanOrEqualTo(prevBatch);
                assertThat(thr).isGreaterThanOrEqualTo(prev);
                prev = thr;
                prevBatch = b;
            }
        }
    }

    @Test
    void largeAnswersAreFoundQuicklyAndMinimal() {
        // 1 ms per request, no fixed cost, SLO 10 ms: b = 9 at large N, 1000 req/s per device → ~900k devices.
        SizingInput in = new SizingInput(1, 0, 10, 9.0e8 - 1, null);
        SizingPlan p = sizing.plan(in);
        IdealBatching ib = IdealBatching.of(1, 0);
        assertThat(ib.throughputRps(p.gpus(), p.batch())).isGreaterThanOrEqualTo(in.rate());
        assertThat(ib.staggeredThroughputRps(p.gpus() - 1, 10)).isLessThan(in.rate());
        assertThat(p.gpus()).isBetween(800_000, SymphonySizing.MAX_DEVICES);
    }

    @Test
    void infeasibleInputsThrowWithAReason() {
        InfeasibleSizingException noBatch = catchThrowableOfType(
                () -> sizing.plan(new SizingInput(1, 5, 5, 10, null)), InfeasibleSizingException.class);
        assertThat(noBatch.reason()).isEqualTo(InfeasibleSizingException.Reason.NO_BATCH_FITS);
        assertThat(noBatch.getMessage()).contains("sloMs 5").contains("no batch fits").doesNotContain("\n");

        InfeasibleSizingException tooMuch = catchThrowableOfType(
                () -> sizing.plan(new SizingInput(1.053, 5.072, 25, 1e12, null)), InfeasibleSizingException.class);
        assertThat(tooMuch.reason()).isEqualTo(InfeasibleSizingException.Reason.RATE_UNREACHABLE);
        assertThat(tooMuch.getMessage()).contains("cannot be reached with 1000000 devices").doesNotContain("\n");

        // ℓ(1) = 6 < SLO 6.000001 but (1 + 1/N)·6 ≥ 6.000001 for every N ≤ 10^6.
        assertThatThrownBy(() -> sizing.plan(new SizingInput(1, 5, 6.000001, 1, null)))
                .isInstanceOf(InfeasibleSizingException.class).hasMessageContaining("no batch fits");
        // ...while a slightly larger SLO works with very many devices.
        assertThat(sizing.plan(new SizingInput(1, 5, 6.00001, 1, null)).gpus()).isGreaterThan(500_000);
    }

    @Test
    void inputValidationNamesTheField() {
        assertThatThrownBy(() -> new SizingInput(-1, 1, 10, 1, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alphaMs");
        assertThatThrownBy(() -> new SizingInput(1, -1, 10, 1, null)).hasMessageContaining("betaMs");
        assertThatThrownBy(() -> new SizingInput(0, 0, 10, 1, null)).hasMessageContaining("alphaMs + betaMs");
        assertThatThrownBy(() -> new SizingInput(1, 1, 0, 1, null)).hasMessageContaining("sloMs");
        assertThatThrownBy(() -> new SizingInput(1, 1, 10, 0, null)).hasMessageContaining("rate");
        assertThatThrownBy(() -> new SizingInput(1, 1, 10, Double.NaN, null)).hasMessageContaining("rate");
        assertThatThrownBy(() -> new SizingInput(1, 1, 10, 1, 0)).hasMessageContaining("maxBatch");
    }

    /** Linear scan over N and b straight from Eqs. 2–3; {N, b} or null when no N ≤ limit works. */
    private static int[] oracle(SizingInput in, int limit) {
        double a = in.alphaMs(), be = in.betaMs();
        int cap = in.maxBatch() == null ? Integer.MAX_VALUE : in.maxBatch();
        for (int n = 1; n <= limit; n++) {
            int b = 0;
            while (b < cap && (1.0 + 1.0 / n) * (a * (b + 1) + be) < in.sloMs()) b++;
            if (b >= 1 && (double) n * b / (a * b + be) * 1000.0 >= in.rate()) return new int[] {n, b};
        }
        return null;
    }
}
