package io.baton.core.sneakpeek;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Algorithm 1's brute force against an independent enumeration written straight from the {@code plan sneakpeek}
 * contract: every order of the applications × every model choice per application, each application's requests together
 * in EDF order, one device running them one after another, a changed model paying its loadMs first.
 */
class GroupBruteForceOracleTest {

    private static double planned(List<AppProfile> apps, List<PeekRequest> reqs, double now, String loaded, boolean sc, boolean split) {
        SchedulingWindow w = SchedulingWindow.of(now, apps, reqs, SchedulingWindow.Options.contract(sc));
        ModelCache cache = SchedulingWindow.singleSlotCache(apps);
        if (loaded != null) {
            for (int g = 0; g < w.registeredModels(); g++) if (w.modelName(g).equals(loaded)) cache.preload(g);
        }
        Schedule s = new GroupedScheduler(5, split, Priority.seconds()).schedule(w, cache, now);
        double value = ScheduleEvaluator.evaluate(w, s, cache.copy(), now).meanUtility();
        // The schedule scored by the independent contract semantics gives the same number.
        List<Integer> order = new ArrayList<>();
        List<String> models = new ArrayList<>();
        for (int p = 0; p < s.size(); p++) {
            order.add(s.request(p));
            models.add(w.modelName(w.modelOf(s.request(p), s.candidate(p))));
        }
        assertThat(ContractOracle.contractUtility(apps, reqs, now, loaded, order, models)).isCloseTo(value, within(1e-9));
        return value;
    }

    @Test
    void reachesTheEnumerationsBestOnRandomSmallInstances() {
        Random rnd = new Random(20251119);
        for (int t = 0; t < 150; t++) {
            int nApps = 1 + rnd.nextInt(4);
            boolean sc = rnd.nextBoolean();
            List<AppProfile> apps = SneakPeekInstances.apps(rnd, nApps, 3, rnd.nextBoolean());
            double now = rnd.nextInt(50);
            List<PeekRequest> reqs = SneakPeekInstances.requests(rnd, apps, nApps + rnd.nextInt(6), now);
            String loaded = rnd.nextBoolean() ? null : apps.get(rnd.nextInt(nApps)).models().get(0).name();
            double best = ContractOracle.best(apps, reqs, now, loaded, sc);
            assertThat(planned(apps, reqs, now, loaded, sc, false)).as("trial %d", t).isCloseTo(best, within(1e-9));
            // Label splitting only widens the choice: never below the application-level optimum.
            assertThat(planned(apps, reqs, now, loaded, sc, true)).as("trial %d split", t).isGreaterThan(best - 1e-9);
        }
    }

    @Test
    void fiveApplicationsAtTheThreshold() {
        Random rnd = new Random(5);
        for (int t = 0; t < 3; t++) {
            List<AppProfile> apps = SneakPeekInstances.apps(rnd, 5, 2, true);
            List<PeekRequest> reqs = SneakPeekInstances.requests(rnd, apps, 8, 0);
            assertThat(planned(apps, reqs, 0, null, true, false)).isCloseTo(ContractOracle.best(apps, reqs, 0, null, true), within(1e-9));
        }
    }

    @Test
    void aboveTheThresholdTheGreedyBranchStillPlacesEveryRequestOnce() {
        Random rnd = new Random(11);
        List<AppProfile> apps = SneakPeekInstances.apps(rnd, 7, 3, true);
        List<PeekRequest> reqs = SneakPeekInstances.requests(rnd, apps, 20, 0);
        SchedulingWindow w = SchedulingWindow.of(0, apps, reqs, SchedulingWindow.Options.contract(true));
        Schedule s = new GroupedScheduler(5, false, Priority.seconds()).schedule(w, SchedulingWindow.singleSlotCache(apps), 0);
        assertThat(java.util.Arrays.stream(s.requests()).sorted().toArray()).containsExactly(java.util.stream.IntStream.range(0, 20).toArray());
        // Each application is contiguous with one model.
        java.util.Set<Integer> closed = new java.util.HashSet<>();
        for (int p = 1; p < s.size(); p++) {
            int a = w.appOf(s.request(p)), prev = w.appOf(s.request(p - 1));
            if (a != prev) {
                assertThat(closed).doesNotContain(a);
                closed.add(prev);
            } else {
                assertThat(s.candidate(p)).isEqualTo(s.candidate(p - 1));
            }
        }
    }

    @Test
    void aboveTheThresholdLabelSplittingNeverLosesToPlainGrouping() {
        // 6–8 applications under batching and a memory budget: the split plan is kept only when the scheduler's own
        // estimate says it beats the plain greedy plan (the fix of the 6–8 application collapse).
        Random rnd = new Random(68);
        for (int t = 0; t < 40; t++) {
            int nApps = 6 + rnd.nextInt(3);
            List<AppProfile> apps = SneakPeekInstances.apps(rnd, nApps, 3, true);
            List<PeekRequest> reqs = SneakPeekInstances.requests(rnd, apps, 24, 0);
            SchedulingWindow w = SchedulingWindow.of(0, apps, reqs, new SchedulingWindow.Options(true, rnd.nextBoolean(), ExecutionMode.BATCHED, 16));
            ModelCache cache = SchedulingWindow.budgetedCache(apps, 2);
            double start = rnd.nextInt(200);
            double plain = ScheduleEvaluator.evaluate(w, new GroupedScheduler(5, false, Priority.seconds()).schedule(w, cache, start), cache.copy(), start).meanUtility();
            double split = ScheduleEvaluator.evaluate(w, new GroupedScheduler(5, true, Priority.seconds()).schedule(w, cache, start), cache.copy(), start).meanUtility();
            assertThat(split).as("trial %d", t).isGreaterThanOrEqualTo(plain - 1e-12);
        }
    }

    /** Naive enumeration through ScheduleEvaluator: checks the branch and bound under batching and an LRU budget. */
    private static double enumerate(SchedulingWindow w, int[][] groups, ModelCache cache, double start) {
        double[] best = {Double.NEGATIVE_INFINITY};
        List<Integer> gs = new ArrayList<>();
        for (int g = 0; g < groups.length; g++) gs.add(g);
        enumerate(w, groups, cache, start, gs, 0, new int[groups.length], best);
        return best[0];
    }

    private static void enumerate(SchedulingWindow w, int[][] groups, ModelCache cache, double start, List<Integer> perm,
                                  int i, int[] k, double[] best) {
        if (i == perm.size()) {
            int n = w.requestCount();
            int[] reqs = new int[n], cands = new int[n];
            boolean[] starts = new boolean[n];
            int p = 0;
            for (int g : perm) {
                starts[p] = true;
                for (int r : groups[g]) { reqs[p] = r; cands[p++] = k[g]; }
            }
            best[0] = Math.max(best[0], ScheduleEvaluator.evaluate(w, new Schedule(reqs, cands, starts), cache.copy(), start).meanUtility());
            return;
        }
        for (int j = i; j < perm.size(); j++) {
            java.util.Collections.swap(perm, i, j);
            int g = perm.get(i);
            for (int c = 0; c < w.candidateCount(w.appOf(groups[g][0])); c++) {
                k[g] = c;
                enumerate(w, groups, cache, start, perm, i + 1, k, best);
            }
            java.util.Collections.swap(perm, i, j);
        }
    }

    @Test
    void branchAndBoundIsExactUnderBatchingAndAMemoryBudget() {
        Random rnd = new Random(99);
        for (int t = 0; t < 60; t++) {
            int nApps = 1 + rnd.nextInt(4);
            List<AppProfile> apps = new ArrayList<>();
            for (AppProfile a : SneakPeekInstances.apps(rnd, nApps, 3, true)) {
                List<ModelVariant> ms = new ArrayList<>();
                for (ModelVariant m : a.models()) {
                    ms.add(new ModelVariant(m.name(), io.baton.core.domain.LatencyProfile.linear(1 + rnd.nextInt(5), rnd.nextInt(10)),
                            m.loadMs(), 1 + rnd.nextInt(4), m.recall(), m.profiledAccuracy()));
                }
                apps.add(new AppProfile(a.name(), rnd.nextBoolean() ? new Penalty.RelativeSigmoid() : a.penalty(), a.prior(), ms, a.sneakPeekAccuracy()));
            }
            List<PeekRequest> reqs = SneakPeekInstances.requests(rnd, apps, nApps + rnd.nextInt(8), 0);
            boolean split = rnd.nextBoolean();
            SchedulingWindow w = SchedulingWindow.of(0, apps, reqs,
                    new SchedulingWindow.Options(rnd.nextBoolean(), rnd.nextBoolean(), ExecutionMode.BATCHED, 1 + rnd.nextInt(4)));
            ModelCache cache = SchedulingWindow.budgetedCache(apps, 4 + rnd.nextInt(5));
            cache.use(rnd.nextInt(w.registeredModels()));
            int[][] groups = GroupedScheduler.groups(w, split);
            if (groups.length > 5) continue;
            Schedule s = GroupBruteForce.solve(w, groups, cache, 3);
            double got = ScheduleEvaluator.evaluate(w, s, cache.copy(), 3).meanUtility();
            assertThat(got).as("trial %d", t).isCloseTo(enumerate(w, groups, cache, 3), within(1e-9));
        }
    }
}
