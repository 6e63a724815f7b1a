package io.baton.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PopularityTest {

    @Test
    void zipfMatchesTheClosedForm() {
        for (double s : new double[] {0.9, 0, 1.5}) {
            int n = 50;
            double z = 0;
            for (int i = 1; i <= n; i++) z += 1 / Math.pow(i, s);
            double[] w = Popularity.zipf(n, s).weights();
            assertThat(w).hasSize(n);
            double sum = 0;
            for (int i = 0; i < n; i++) {
                assertThat(w[i]).isCloseTo(1 / Math.pow(i + 1, s) / z, within(1e-15));
                if (i > 0) assertThat(w[i]).isLessThanOrEqualTo(w[i - 1]);
                sum += w[i];
            }
            assertThat(sum).isCloseTo(1, within(1e-12));
        }
        double[] w = Popularity.zipf(3, 0.9).weights();
        double z = 1 + Math.pow(2, -0.9) + Math.pow(3, -0.9);
        assertThat(w).containsExactly(new double[] {1 / z, Math.pow(2, -0.9) / z, Math.pow(3, -0.9) / z}, within(1e-15));
    }

    @Test
    void uniformAndRates() {
        Popularity u = Popularity.uniform(4);
        assertThat(u.weights()).containsExactly(0.25, 0.25, 0.25, 0.25);
        assertThat(u.rates(100)).containsExactly(25, 25, 25, 25);
        Popularity z = Popularity.zipf(10, 0.9);
        double[] r = z.rates(1234);
        double sum = 0;
        for (int i = 0; i < r.length; i++) {
            assertThat(r[i]).isCloseTo(1234 * z.weight(i), within(1e-9));
            sum += r[i];
        }
        assertThat(sum).isCloseTo(1234, within(1e-9));
        assertThat(Popularity.of(1, 3).weights()).containsExactly(0.25, 0.75);
        assertThat(z.weights()).isNotSameAs(z.weights());
    }

    @Test
    void sampleFollowsTheWeights() {
        Popularity z = Popularity.zipf(20, 0.9);
        SplittableRandom rng = new SplittableRandom(5);
        int n = 400_000;
        int[] hits = new int[20];
        for (int i = 0; i < n; i++) hits[z.sample(rng)]++;
        for (int i = 0; i < 20; i++) {
            double w = z.weight(i);
            double sd = Math.sqrt(w * (1 - w) / n);
            assertThat((double) hits[i] / n).as("model %s", i).isCloseTo(w, within(5 * sd));
        }
        Popularity one = Popularity.uniform(1);
        assertThat(one.sample(rng)).isZero();
        Popularity skewed = Popularity.of(0, 1, 0);
        for (int i = 0; i < 1000; i++) assertThat(skewed.sample(rng)).isEqualTo(1);
    }

    @Test
    void validatesArguments() {
        assertThatThrownBy(() -> Popularity.uniform(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n");
        assertThatThrownBy(() -> Popularity.zipf(0, 0.9)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n");
        assertThatThrownBy(() -> Popularity.zipf(5, -1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exponent");
        assertThatThrownBy(() -> Popularity.zipf(5, Double.NaN)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exponent");
        assertThatThrownBy(() -> Popularity.uniform(3).rates(-1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("totalRate");
        assertThatThrownBy(() -> Popularity.of(0, 0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("weights");
        assertThatThrownBy(() -> Popularity.of(1, -2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("weights[1]");
    }
}
