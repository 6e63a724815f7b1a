package io.baton.core.sneakpeek;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.baton.core.domain.LatencyProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Swaps under a memory budget, and their cost on the device timeline. */
class ModelCacheTest {

    @Test
    void evictsLeastRecentlyUsedUntilTheNewModelFits() {
        ModelCache c = new ModelCache(10, new double[] {4, 4, 6}, new double[] {30, 40, 50});
        assertThat(c.use(0)).isEqualTo(30);
        assertThat(c.use(1)).isEqualTo(40);
        assertThat(c.use(0)).isZero();            // resident: free, and now most recent
        assertThat(c.use(2)).isEqualTo(50);       // 4+4+6 > 10: evict 1 (LRU) → 4+6 fits
        assertThat(c.residentModels()).containsExactly(0, 2);
        assertThat(c.costOf(1)).isEqualTo(40);
        assertThat(c.use(1)).isEqualTo(40);       // evict 0 → 6+4
        assertThat(c.residentModels()).containsExactly(2, 1);
        assertThat(c.swaps()).isEqualTo(4);
        assertThat(c.swapMs()).isEqualTo(160);
    }

    @Test
    void copiesAreIndependent() {
        ModelCache c = ModelCache.singleSlot(new double[] {10, 20});
        c.preload(0);
        assertThat(c.swaps()).isZero();
        ModelCache d = c.copy();
        d.use(1);
        assertThat(c.residentModels()).containsExactly(0);
        assertThat(d.residentModels()).containsExactly(1);
    }

    @Test
    void aModelLargerThanTheBudgetIsRefused() {
        assertThatThrownBy(() -> new ModelCache(5, new double[] {6}, new double[] {1})).hasMessageContaining("budget");
    }

    @Test
    void aBudgetHoldingTwoModelsSwapsLessThanOneSlot() {
        ModelVariant a = new ModelVariant("a", LatencyProfile.linear(5, 0), 30, 5, new double[] {0.9, 0.9}, 0.9);
        ModelVariant b = new ModelVariant("b", LatencyProfile.linear(5, 0), 30, 5, new double[] {0.9, 0.9}, 0.9);
        AppProfile x = new AppProfile("x", new Penalty.Step(), DirichletPrior.jeffreys(2), List.of(a), Double.NaN);
        AppProfile y = new AppProfile("y", new Penalty.Step(), DirichletPrior.jeffreys(2), List.of(b), Double.NaN);
        List<PeekRequest> rs = List.of(new PeekRequest("1", 0, 0, 500, new double[] {.5, .5}),
                new PeekRequest("2", 1, 0, 500, new double[] {.5, .5}), new PeekRequest("3", 0, 0, 500, new double[] {.5, .5}));
        SchedulingWindow w = SchedulingWindow.of(0, List.of(x, y), rs, SchedulingWindow.Options.contract(false));
        Schedule interleaved = new Schedule(new int[] {0, 1, 2}, new int[] {0, 0, 0});
        var one = ScheduleEvaluator.evaluate(w, interleaved, SchedulingWindow.singleSlotCache(List.of(x, y)), 0);
        assertThat(one.swaps()).isEqualTo(3);
        assertThat(one.endMs()).isEqualTo(3 * 30 + 3 * 5);
        var two = ScheduleEvaluator.evaluate(w, interleaved, SchedulingWindow.budgetedCache(List.of(x, y), 10), 0);
        assertThat(two.swaps()).isEqualTo(2);
        assertThat(two.endMs()).isEqualTo(2 * 30 + 3 * 5);
        assertThat(two.completionMs()).containsExactly(35, 70, 75);
    }

    @Test
    void batchedExecutionRunsAdjacentSameModelRequestsTogether() {
        ModelVariant a = new ModelVariant("a", LatencyProfile.linear(2, 8), 30, 5, new double[] {0.9, 0.9}, 0.9);
        AppProfile x = new AppProfile("x", new Penalty.Step(), DirichletPrior.jeffreys(2), List.of(a), Double.NaN);
        List<PeekRequest> rs = List.of(new PeekRequest("1", 0, 0, 500, new double[] {.5, .5}),
                new PeekRequest("2", 0, 0, 500, new double[] {.5, .5}), new PeekRequest("3", 0, 0, 500, new double[] {.5, .5}));
        SchedulingWindow w = SchedulingWindow.of(0, List.of(x), rs, new SchedulingWindow.Options(true, false, ExecutionMode.BATCHED, 2));
        var o = ScheduleEvaluator.evaluate(w, new Schedule(new int[] {0, 1, 2}, new int[3]), SchedulingWindow.singleSlotCache(List.of(x)), 0);
        // swap 30, batch of 2: ℓ(2) = 12 → 42, then batch of 1: ℓ(1) = 10 → 52.
        assertThat(o.completionMs()).containsExactly(42, 42, 52);
    }
}
