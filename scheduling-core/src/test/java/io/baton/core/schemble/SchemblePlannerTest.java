package io.baton.core.schemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Algorithm 1 against an exhaustive search over every subset of every query, on seeded random instances. */
class SchemblePlannerTest {

    /** Brute force from the contract: deadline order (ties: input order), each model FIFO from max(now, free). */
    static double optimum(PlanningProblem p) {
        int n = p.queries().size(), m = p.models().size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparingDouble(i -> p.queries().get(i).deadlineMs()));
        int[] masks = new int[n];
        double best = 0;
        long total = 1;
        for (int i = 0; i < n; i++) total *= 1L << m;
        for (long code = 0; code < total; code++) {
            long c = code;
            for (int i = 0; i < n; i++) {
                masks[i] = (int) (c % (1 << m));
                c /= 1 << m;
            }
            double v = value(p, order, masks);
            if (v > best) best = v;
        }
        return best;
    }

    /** Utility of giving the i-th query in EDF order masks[i]; −∞ if some served query is late or unoffered. */
    static double value(PlanningProblem p, Integer[] order, int[] masks) {
        int m = p.models().size();
        double[] t = new double[m];
        for (int k = 0; k < m; k++) t[k] = Math.max(p.nowMs(), p.models().get(k).freeAtMs());
        double sum = 0;
        for (int i = 0; i < order.length; i++) {
            int s = masks[i];
            if (s == 0) continue;
            PlannerQuery q = p.queries().get(order[i]);
            if (Double.isNaN(q.utility()[s])) return Double.NEGATIVE_INFINITY;
            double done = 0;
            for (int k = 0; k < m; k++) {
                if ((s >>> k & 1) == 0) continue;
                t[k] += p.models().get(k).latencyMs();
                done = Math.max(done, t[k]);
            }
            if (done > q.deadlineMs() + 1e-9) return Double.NEGATIVE_INFINITY;
            sum += q.utility()[s];
        }
        return sum;
    }

    static PlanningProblem random(SplittableRandom rnd, int n, int m, double delta, boolean gridUtilities) {
        double now = rnd.nextInt(0, 20);
        List<PlannerModel> models = new ArrayList<>();
        for (int k = 0; k < m; k++) {
            models.add(new PlannerModel("m" + k, 5 + rnd.nextInt(0, 40), rnd.nextBoolean() ? 0 : now + rnd.nextInt(0, 30)));
        }
        List<PlannerQuery> queries = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] u = new double[1 << m];
            for (int s = 1; s < u.length; s++) {
                double v = rnd.nextDouble();
                if (gridUtilities) v = rnd.nextInt(0, 101) / 100.0;
                u[s] = rnd.nextInt(10) == 0 ? Double.NaN : v;
            }
            // Deadlines on a coarse grid so that ties occur.
            queries.add(new PlannerQuery("q" + i, now + 10 * rnd.nextInt(1, 12), u));
        }
        return new PlanningProblem(now, delta, models, queries);
    }

    /** Checks the plan against the contract and returns its utility as recomputed. */
    static double checkFeasible(PlanningProblem p, SchemblePlan plan) {
        int n = p.queries().size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparingDouble(i -> p.queries().get(i).deadlineMs()));
        int[] byQuery = new int[n];
        int previous = -1;
        for (SchemblePlan.Assignment a : plan.assignments()) {
            assertThat(a.mask()).isNotZero();
            assertThat(byQuery[a.query()]).as("query assigned once").isZero();
            byQuery[a.query()] = a.mask();
            int pos = Arrays.asList(order).indexOf(a.query());
            assertThat(pos).as("assignments in execution order").isGreaterThan(previous);
            previous = pos;
        }
        int[] masks = new int[n];
        for (int i = 0; i < n; i++) masks[i] = byQuery[order[i]];
        double v = value(p, order, masks);
        assertThat(v).as("plan is feasible").isGreaterThan(Double.NEGATIVE_INFINITY);
        assertThat(plan.utility()).isCloseTo(v, within(1e-9));
        return v;
    }

    @Test
    void withinNDeltaOfTheOptimum() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 400; trial++) {
            int m = rnd.nextInt(1, 4);
            int n = rnd.nextInt(0, m == 3 ? 6 : 7);
            double delta = new double[] {0.1, 0.05, 0.01}[rnd.nextInt(3)];
            PlanningProblem p = random(rnd, n, m, delta, false);
            SchemblePlan plan = new SchemblePlanner().plan(p);
            double got = checkFeasible(p, plan);
            double opt = optimum(p);
            assertThat(got).as("trial %d: within N·δ of %s", trial, opt).isGreaterThanOrEqualTo(opt - n * delta - 1e-9);
            assertThat(got).isLessThanOrEqualTo(opt + 1e-9);
        }
    }

    @Test
    void exactWhenUtilitiesAreMultiplesOfDelta() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 300; trial++) {
            int m = rnd.nextInt(1, 4);
            int n = rnd.nextInt(1, m == 3 ? 6 : 7);
            PlanningProblem p = random(rnd, n, m, 0.01, true);
            double got = checkFeasible(p, new SchemblePlanner().plan(p));
            assertThat(got).as("trial %d", trial).isCloseTo(optimum(p), within(1e-9));
        }
    }

    @Test
    void quantisationFloorsEachReward() {
        // One model, two queries that cannot both run: 0.55 and 0.54 are both 0.5 at δ = 0.1, so the tie
        // goes to the one leaving the model freest, and either answer is within N·δ.
        PlanningProblem p = new PlanningProblem(0, 0.1, List.of(new PlannerModel("a", 10, 0)), List.of(
                new PlannerQuery("x", 15, new double[] {0, 0.55}),
                new PlannerQuery("y", 15, new double[] {0, 0.54})));
        SchemblePlan plan = new SchemblePlanner().plan(p);
        assertThat(plan.quantizedUnits()).isEqualTo(5);
        assertThat(plan.assignments()).hasSize(1);
        assertThat(plan.assignments().get(0).query()).isZero(); // tie: first generated
    }

    @Test
    void emptyBufferPlansNothing() {
        SchemblePlan plan = new SchemblePlanner().plan(new PlanningProblem(0, 0.01, List.of(new PlannerModel("a", 1, 0)), List.of()));
        assertThat(plan.assignments()).isEmpty();
        assertThat(plan.utility()).isZero();
    }

    @Test
    void issueExample() {
        PlanningProblem p = new PlanningProblem(0, 0.01,
                List.of(new PlannerModel("a", 10, 0), new PlannerModel("b", 25, 5)),
                List.of(new PlannerQuery("q1", 40, new double[] {0, 0.7, 0.8, 1.0})));
        SchemblePlan plan = new SchemblePlanner().plan(p);
        assertThat(plan.assignments()).containsExactly(new SchemblePlan.Assignment(0, 3));
        assertThat(plan.utility()).isEqualTo(1.0);
    }
}
