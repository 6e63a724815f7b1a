package io.baton.core.interference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class InterferencePlannerTest {

    /** Every matrix whose columns are compositions of k units among the models. */
    private static List<double[]> allGridMatrices(int models, int devices, int k) {
        List<double[]> columns = new ArrayList<>();
        compositions(models, k, new int[models], 0, columns, k);
        List<double[]> out = new ArrayList<>();
        int[] idx = new int[devices];
        while (true) {
            double[] flat = new double[models * devices];
            for (int d = 0; d < devices; d++) {
                for (int m = 0; m < models; m++) flat[m * devices + d] = columns.get(idx[d])[m];
            }
            out.add(flat);
            int d = 0;
            while (d < devices && ++idx[d] == columns.size()) idx[d++] = 0;
            if (d == devices) return out;
        }
    }

    private static void compositions(int models, int left, int[] cur, int m, List<double[]> out, int k) {
        if (m == models - 1) {
            cur[m] = left;
            double[] col = new double[models];
            for (int i = 0; i < models; i++) col[i] = (double) cur[i] / k;
            out.add(col);
            return;
        }
        for (int u = 0; u <= left; u++) {
            cur[m] = u;
            compositions(models, left - u, cur, m + 1, out, k);
        }
    }

    private static boolean fitsContexts(InterferenceWorkload w, double[] flat) {
        int models = w.modelCount(), devices = w.deviceCount();
        for (int d = 0; d < devices; d++) {
            int n = 0;
            for (int m = 0; m < models; m++) if (flat[m * devices + d] > 0) n++;
            if (n > w.platform().contextCap(d, models)) return false;
        }
        return true;
    }

    @Test
    void sampledMatricesRespectTheDlaContextLimitAndBaseFairLoadsAtMostTwoModelsPerDla() {
        InterferenceWorkload w = Fixtures.random(new SplittableRandom(2), 6, Platform.xavier());
        int[] caps = {6, 2, 2};
        SplittableRandom rng = new SplittableRandom(3);
        double[] flat = new double[6 * 3];
        for (AllocationSampler s : List.of(AllocationSampler.continuous(), AllocationSampler.grid(4))) {
            for (int i = 0; i < 300; i++) {
                s.sample(rng, 6, 3, flat, caps);
                AllocationMatrix.ofFlat(flat, 6, 3);
                assertThat(fitsContexts(w, flat)).isTrue();
            }
        }
        AllocationMatrix fair = AllocationMatrix.fairWithinContexts(w);
        assertThat(fitsContexts(w, fair.flat())).isTrue();
        for (int m = 0; m < 6; m++) assertThat(fair.ratio(m, 0)).isEqualTo(1.0 / 6);
        // the four DLA contexts go to the four lowest speedups
        double[] speedups = w.models().stream().mapToDouble(x -> x.profile().gpuSpeedup()).sorted().toArray();
        for (int m = 0; m < 6; m++) {
            boolean onDla = fair.ratio(m, 1) + fair.ratio(m, 2) > 0;
            assertThat(onDla).isEqualTo(w.models().get(m).profile().gpuSpeedup() <= speedups[3]);
        }
    }

    @Test
    void samplingFindsTheExhaustiveOptimumOnTinyInstances() {
        SplittableRandom rng = new SplittableRandom(42);
        for (int instance = 0; instance < 6; instance++) {
            int models = 2 + instance % 2, accelerators = 1 + instance % 2, k = 2;
            InterferenceWorkload w = Fixtures.random(rng, models, Fixtures.gpuAndAccelerators(accelerators));
            SlowdownTable table = SlowdownTable.build(Fixtures.pairwise(), w.platform(), w.profiles());
            for (PlanGoal goal : List.of(PlanGoal.GOODPUT, PlanGoal.SLO_99, PlanGoal.FAIRNESS)) {
                long seed = 100 + instance;
                SampledSimulator sim = new SampledSimulator(w, table, 300, CreditRule.DEFAULT_PERIOD_MS, seed);
                double best = Double.NEGATIVE_INFINITY;
                List<double[]> all = new ArrayList<>();
                for (double[] flat : allGridMatrices(models, w.deviceCount(), k)) if (fitsContexts(w, flat)) all.add(flat);
                all.add(AllocationMatrix.fairWithinContexts(w).flat()); // the planner's sample 0
                for (double[] flat : all) best = Math.max(best, goal.score(sim.simulate(flat)));
                InterferencePlan plan = new InterferencePlanner("interference", Fixtures.pairwise(), goal,
                        AllocationSampler.grid(k), 1000, 300, CreditRule.DEFAULT_PERIOD_MS, seed).plan(w);
                assertThat(plan.score()).as("instance %d, %s, %d matrices", instance, goal.name(), all.size()).isEqualTo(best);
                assertThat(goal.score(sim.simulate(plan.allocation().flat()))).isEqualTo(plan.score());
            }
        }
    }

    @Test
    void aPlanIsDeterministicForASeedAndDependsOnIt() {
        InterferenceWorkload w = Fixtures.random(new SplittableRandom(7), 4, Platform.xavier());
        var a = InterferencePlanner.standard("interference", Fixtures.pairwise(), PlanGoal.GOODPUT, 9).plan(w);
        var b = InterferencePlanner.standard("interference", Fixtures.pairwise(), PlanGoal.GOODPUT, 9).plan(w);
        assertThat(a.allocation()).isEqualTo(b.allocation());
        assertThat(a.score()).isEqualTo(b.score());
        assertThat(a.samples()).isEqualTo(1000);
    }

    @Test
    void predictedInterferenceNeverHelpsThePrediction() {
        // the same matrix with slowdowns can only do worse than believing there are none
        InterferenceWorkload w = Fixtures.random(new SplittableRandom(8), 3, Platform.xavier());
        var none = new SampledSimulator(w, SlowdownTable.build(NoInterference.INSTANCE, w.platform(), w.profiles()), 400, 100, 3);
        var some = new SampledSimulator(w, SlowdownTable.build(Fixtures.pairwise(), w.platform(), w.profiles()), 400, 100, 3);
        double[] eq = AllocationMatrix.equalShares(3, 3).flat();
        assertThat(some.simulate(eq).totalGood()).isLessThanOrEqualTo(none.simulate(eq).totalGood());
    }

    @Test
    void sampledMatricesAreValidAllocations() {
        SplittableRandom rng = new SplittableRandom(5);
        double[] flat = new double[4 * 3];
        for (AllocationSampler s : List.of(AllocationSampler.continuous(), AllocationSampler.grid(3))) {
            for (int i = 0; i < 200; i++) {
                s.sample(rng, 4, 3, flat);
                AllocationMatrix m = AllocationMatrix.ofFlat(flat, 4, 3); // validates ranges and column sums
                assertThat(m.models()).isEqualTo(4);
            }
        }
    }

    @Test
    void replansOnlyWhenModelsOrRatesChangeSignificantly() {
        InterferenceWorkload w = Fixtures.random(new SplittableRandom(3), 3, Platform.xavier());
        Replanner r = new Replanner(new InterferencePlanner("interference", Fixtures.pairwise(), PlanGoal.GOODPUT,
                AllocationSampler.continuous(), 50, 200, 100, 1), Replanner.DEFAULT_RATE_TOLERANCE);
        InterferencePlan first = r.planFor(w);
        double[] rates = w.models().stream().mapToDouble(WorkloadModel::ratePerSec).toArray();
        double[] slightly = rates.clone();
        slightly[0] *= 1.1;
        assertThat(r.planFor(w.withRates(slightly))).isSameAs(first);
        assertThat(r.plans()).isEqualTo(1);
        double[] much = rates.clone();
        much[1] *= 1.5;
        r.planFor(w.withRates(much));
        assertThat(r.plans()).isEqualTo(2);
        InterferenceWorkload fewer = new InterferenceWorkload(w.platform(), w.models().subList(0, 2));
        r.planFor(fewer);
        assertThat(r.plans()).isEqualTo(3);
    }

    @Test
    void theEarlyExitChoosesExactlyWhatFullSimulationChooses() {
        SplittableRandom rng = new SplittableRandom(11);
        for (int instance = 0; instance < 6; instance++) {
            InterferenceWorkload w = Fixtures.random(rng, 3 + instance % 4, Platform.xavier());
            for (PlanGoal goal : List.of(PlanGoal.GOODPUT, PlanGoal.SLO_99, PlanGoal.FAIRNESS)) {
                InterferencePlanner planner = new InterferencePlanner("interference", Fixtures.pairwise(), goal,
                        AllocationSampler.continuous(), 300, 300, CreditRule.DEFAULT_PERIOD_MS, 20 + instance);
                InterferencePlan fast = planner.plan(w), full = planner.withoutEarlyExit().plan(w);
                assertThat(fast.allocation()).as("instance %d, %s", instance, goal.name()).isEqualTo(full.allocation());
                assertThat(fast.score()).isEqualTo(full.score());
            }
        }
    }

    @Test
    void aMatrixIsAbandonedOnlyOnceItHasLostMoreThanItsBudget() {
        InterferenceWorkload w = Fixtures.random(new SplittableRandom(12), 4, Platform.xavier());
        var sim = new SampledSimulator(w, SlowdownTable.build(Fixtures.pairwise(), w.platform(), w.profiles()), 400, 100, 5);
        SplittableRandom rng = new SplittableRandom(13);
        double[] flat = new double[4 * 3];
        for (int i = 0; i < 100; i++) {
            AllocationSampler.continuous().sample(rng, 4, 3, flat);
            SampleOutcome full = sim.simulate(flat).copy();
            long lost = full.totalOffered() - full.totalGood();
            assertThat(sim.simulate(flat, lost)).as("budget = what it loses").isNotNull();
            if (lost > 0) assertThat(sim.simulate(flat, lost - 1)).as("budget one short").isNull();
            assertThat(sim.simulate(flat, -1)).isNull();
        }
    }

    @Test
    void lossBudgetsAreTheExactThresholdsOfTheGoals() {
        // goodput: 400 offered over 1 s, best 390/s: 391 good needed, so 9 may be lost
        assertThat(PlanGoal.GOODPUT.lossBudget(390, 400, 1000)).isEqualTo(9);
        assertThat(PlanGoal.GOODPUT.lossBudget(400, 400, 1000)).isEqualTo(-1);
        assertThat(PlanGoal.GOODPUT.lossBudget(0, 400, 1000)).isEqualTo(399);
        // slo99: once feasible, at most 1% of 400 may be lost; before, attainment must beat the best's
        assertThat(PlanGoal.SLO_99.lossBudget(2.5, 400, 1000)).isEqualTo(4);
        assertThat(PlanGoal.SLO_99.lossBudget(0.5, 400, 1000)).isEqualTo(199);
        assertThat(PlanGoal.FAIRNESS.lossBudget(0.9, 400, 1000)).isEqualTo(Long.MAX_VALUE);
    }
}
