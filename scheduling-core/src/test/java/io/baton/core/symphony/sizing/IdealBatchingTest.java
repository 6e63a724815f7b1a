package io.baton.core.symphony.sizing;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Eqs. 1–3 against the paper's Table 4 (8 GPUs, Poisson) and a brute-force scan. */
class IdealBatchingTest {

    private static final IdealBatching RESNET50 = IdealBatching.of(1.053, 5.072);
    private static final IdealBatching INCEPTION_RESNET_V2 = IdealBatching.of(5.090, 18.368);

    @Test
    void table4ResNet50() {
        assertThat(RESNET50.uncoordinatedBatch(25)).isEqualTo(7);
        assertThat(Math.round(RESNET50.uncoordinatedThroughputRps(8, 25))).isEqualTo(4501);
        assertThat(RESNET50.staggeredBatch(8, 25)).isEqualTo(16);
        assertThat(Math.round(RESNET50.staggeredThroughputRps(8, 25))).isEqualTo(5839);
    }

    @Test
    void table4InceptionResNetV2() {
        assertThat(INCEPTION_RESNET_V2.uncoordinatedBatch(70)).isEqualTo(3);
        assertThat(Math.round(INCEPTION_RESNET_V2.uncoordinatedThroughputRps(8, 70))).isEqualTo(713);
        assertThat(INCEPTION_RESNET_V2.staggeredBatch(8, 70)).isEqualTo(8);
        assertThat(Math.round(INCEPTION_RESNET_V2.staggeredThroughputRps(8, 70))).isEqualTo(1083);
    }

    @Test
    void inequalitiesAreStrict() {
        // ℓ(b) = b + 0: 2·ℓ(5) = 10 is not < 10, so Eq. 1 allows 4 where the floor form would say 5.
        IdealBatching ib = IdealBatching.of(1, 0);
        assertThat(ib.uncoordinatedBatch(10)).isEqualTo(4);
        // (1 + 1/1)·ℓ(5) = 10 is not < 10 either.
        assertThat(ib.staggeredBatch(1, 10)).isEqualTo(4);
        // (1 + 1/4)·ℓ(8) = 10: excluded; 7 fits.
        assertThat(ib.staggeredBatch(4, 10)).isEqualTo(7);
    }

    @Test
    void capsAndEmptyAnswers() {
        assertThat(RESNET50.staggeredBatch(8, 25, 10)).isEqualTo(10);
        assertThat(RESNET50.uncoordinatedBatch(25, 100)).isEqualTo(7);
        assertThat(RESNET50.uncoordinatedBatch(12)).isZero(); // 2·ℓ(1) = 12.25
        assertThat(RESNET50.staggeredThroughputRps(1, 5)).isZero();
        IdealBatching flat = IdealBatching.of(0, 5); // ℓ constant: any batch fits once b = 1 does
        assertThat(flat.staggeredBatch(4, 7, 32)).isEqualTo(32);
        assertThat(flat.staggeredBatch(4, 7)).isEqualTo(Integer.MAX_VALUE);
        assertThat(flat.staggeredBatch(1, 10)).isZero();
    }

    @Test
    void closedFormAgreesWithLinearScan() {
        Random rnd = new Random(42);
        for (int t = 0; t < 2000; t++) {
            double alpha = rnd.nextInt(4) == 0 ? rnd.nextInt(5) : rnd.nextDouble() * 10; // some integral values
            double beta = rnd.nextInt(4) == 0 ? rnd.nextInt(20) : rnd.nextDouble() * 40;
            if (alpha + beta == 0) alpha = 1;
            double slo = rnd.nextInt(3) == 0 ? rnd.nextInt(200) + 1 : rnd.nextDouble() * 300 + 0.5;
            int n = 1 + rnd.nextInt(64);
            int cap = 1 + rnd.nextInt(300);
            IdealBatching ib = IdealBatching.of(alpha, beta);
            int scanStaggered = 0;
            int scanUncoordinated = 0;
            for (int b = 1; b <= cap; b++) {
                if ((1.0 + 1.0 / n) * (alpha * b + beta) < slo) scanStaggered = b;
                if (2 * (alpha * b + beta) < slo) scanUncoordinated = b;
            }
            assertThat(ib.staggeredBatch(n, slo, cap)).as("α=%s β=%s slo=%s N=%d cap=%d", alpha, beta, slo, n, cap)
                    .isEqualTo(scanStaggered);
            assertThat(ib.uncoordinatedBatch(slo, cap)).isEqualTo(scanUncoordinated);
        }
    }

    @Test
    void validation() {
        assertThatThrownBy(() -> IdealBatching.of(-1, 1)).hasMessageContaining("alphaMs");
        assertThatThrownBy(() -> IdealBatching.of(1, -1)).hasMessageContaining("betaMs");
        assertThatThrownBy(() -> IdealBatching.of(0, 0)).hasMessageContaining("alphaMs + betaMs");
        assertThatThrownBy(() -> RESNET50.staggeredBatch(0, 25)).hasMessageContaining("devices");
        assertThatThrownBy(() -> RESNET50.staggeredBatch(1, 0)).hasMessageContaining("sloMs");
        assertThatThrownBy(() -> RESNET50.staggeredBatch(1, 25, 0)).hasMessageContaining("maxBatch");
    }
}
