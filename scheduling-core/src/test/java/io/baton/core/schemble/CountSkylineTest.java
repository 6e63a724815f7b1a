package io.baton.core.schemble;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The dominance index against a brute-force scan, on its Fenwick path and on its linear fallback. */
class CountSkylineTest {

    private static void check(SplittableRandom rnd, int[] max, int operations) {
        int m = max.length;
        CountSkyline sky = new CountSkyline(max);
        sky.clear();
        List<int[]> added = new ArrayList<>();
        for (int op = 0; op < operations; op++) {
            int[] c = new int[m];
            for (int k = 0; k < m; k++) c[k] = rnd.nextInt(0, max[k] + 1);
            boolean expected = added.stream().anyMatch(a -> {
                for (int k = 0; k < m; k++) if (a[k] > c[k]) return false;
                return true;
            });
            assertThat(sky.dominated(c, 0)).as("op %d", op).isEqualTo(expected);
            if (rnd.nextInt(3) == 0) {
                sky.add(c, 0);
                added.add(c);
            }
        }
        sky.clear();
        assertThat(sky.dominated(new int[m], 0)).isFalse();
    }

    @Test
    void fenwickPathMatchesBruteForce() {
        SplittableRandom rnd = new SplittableRandom(2);
        for (int trial = 0; trial < 200; trial++) {
            int m = rnd.nextInt(1, 5);
            int[] max = new int[m];
            for (int k = 0; k < m; k++) max[k] = rnd.nextInt(0, 12);
            check(rnd, max, 60);
        }
    }

    @Test
    void linearFallbackMatchesBruteForce() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int trial = 0; trial < 50; trial++) {
            int[] max = {40, 40, 40, 40, 5}; // 42^4 cells: over the Fenwick limit
            check(rnd, max, 60);
        }
    }
}
