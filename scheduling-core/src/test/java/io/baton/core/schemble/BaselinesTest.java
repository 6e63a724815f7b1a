package io.baton.core.schemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The baselines of Schemble §VIII on cases small enough to check by hand: original and static (subset at
 * arrival, FIFO per device, list scheduling over replicas), gating, KNORA-E (des), and the greedy
 * EDF / FIFO / SJF planners. Schemble(ea)'s score and static's placement are in
 * {@code io.baton.cli.bench.SchembleBenchTest}.
 */
class BaselinesTest {

    static final EnsembleCluster AB = EnsembleCluster.onePerModel(List.of("a", "b"), new double[] {10, 30});
    static final double[] U = {0, 0.6, 0.7, 1.0};

    static EnsembleSimulator.Arrival at(double t, double slo) {
        return new EnsembleSimulator.Arrival(t, t + slo, new EnsembleQuery(0, 0, U, null));
    }

    // ---- original: every base model, FIFO per model, estimate-at-arrival rejection ----

    @Test
    void originalRunsEveryModelAndRejectsWhatItCannotFinish() {
        // q0 at 0: a 0–10, b 0–30, done 30. q1 at 5: a 10–20, b 30–60 > 45: rejected at arrival.
        // q2 at 100: done 130.
        List<QueryOutcome> out = EnsembleSimulator.run(AB, new ArrivalSelectionDispatcher("original", AB, q -> 3, true),
                List.of(at(0, 40), at(5, 40), at(100, 40)));
        assertThat(out.get(0).ranMask()).isEqualTo(3);
        assertThat(out.get(0).completionMs()).isEqualTo(30);
        assertThat(out.get(1).dropped()).isTrue();
        assertThat(out.get(2).completionMs()).isEqualTo(130);
        assertThat(out.get(2).met()).isTrue();
    }

    @Test
    void originalWithoutRejectionServesLate() {
        List<QueryOutcome> out = EnsembleSimulator.run(AB, new ArrivalSelectionDispatcher("original", AB, q -> 3, false),
                List.of(at(0, 40), at(5, 40)));
        assertThat(out.get(1).dropped()).isFalse();
        assertThat(out.get(1).ranMask()).isEqualTo(3);
        assertThat(out.get(1).completionMs()).isEqualTo(60); // b: after q0, 30–60
        assertThat(out.get(1).met()).isFalse();
    }

    // ---- static: one fixed subset, replicas of it on the freed devices ----

    @Test
    void staticSpreadsItsSubsetOverReplicas() {
        // Only b, on both devices. q0 at 0 → device 0, 0–30; q1 at 5 → device 1 (free), 5–35;
        // q2 at 6 → device 0 (frees first, at 30), 30–60 > 46: rejected.
        EnsembleCluster bOnly = new EnsembleCluster(List.of("a", "b"), new double[] {10, 30}, new int[] {1, 1});
        List<QueryOutcome> out = EnsembleSimulator.run(bOnly, new ArrivalSelectionDispatcher("static", bOnly, q -> 2, true),
                List.of(at(0, 40), at(5, 40), at(6, 40)));
        assertThat(out.get(0).completionMs()).isEqualTo(30);
        assertThat(out.get(1).completionMs()).isEqualTo(35);
        assertThat(out.get(1).ranMask()).isEqualTo(2);
        assertThat(out.get(2).dropped()).isTrue();

        out = EnsembleSimulator.run(bOnly, new ArrivalSelectionDispatcher("static", bOnly, q -> 2, false),
                List.of(at(0, 40), at(5, 40), at(6, 40)));
        assertThat(out.get(2).completionMs()).isEqualTo(60);
    }

    // ---- gating ----

    @Test
    void gatingPutsItsWeightOnTheModelThatIsRightForTheFeature() {
        // Feature +1: model 0 agrees with the ensemble, model 1 does not; −1: the reverse.
        double[][] x = {{1}, {1}, {-1}, {-1}};
        boolean[][] correct = {{true, false}, {true, false}, {false, true}, {false, true}};
        GatingNetwork gate = GatingNetwork.train(x, correct, 0.5, 300, 0.5);
        double[] w = gate.weights(new double[] {2});
        assertThat(w[0] + w[1]).isCloseTo(1, within(1e-12));
        assertThat(w[0]).isGreaterThan(0.9);
        assertThat(gate.select(new double[] {2})).isEqualTo(1);
        assertThat(gate.select(new double[] {-2})).isEqualTo(2);
    }

    @Test
    void gatingThresholdSelectsEveryModelAboveItAndAlwaysTheTopOne() {
        double[][] x = {{1}, {-1}};
        boolean[][] correct = {{true, false}, {false, true}};
        // Threshold 0: every weight passes. Threshold above 1: none does, the top model is kept.
        assertThat(GatingNetwork.train(x, correct, 0, 100, 0.5).select(new double[] {1})).isEqualTo(3);
        assertThat(GatingNetwork.train(x, correct, 1.01, 100, 0.5).select(new double[] {1})).isEqualTo(1);
        assertThat(GatingNetwork.train(x, correct, 1.01, 100, 0.5).select(new double[] {-1})).isEqualTo(2);
    }

    // ---- des: KNORA-E ----

    static final double[][] POINTS = {{0}, {1}, {2}, {10}, {20}};
    static final boolean[][] RIGHT = {
            {true, true, false},   // 0
            {true, false, false},  // 1
            {true, true, false},   // 2
            {false, false, true},  // 10
            {false, false, false}, // 20
    };

    @Test
    void knoraEKeepsTheModelsRightOnAllKNeighbours() {
        KnoraE des = new KnoraE(POINTS, RIGHT, 3);
        // Neighbours 0, 1, 2: only model 0 is right on all three.
        assertThat(des.select(new double[] {0.4})).isEqualTo(1);
        // One neighbour, the sample at 2: models 0 and 1.
        assertThat(new KnoraE(POINTS, RIGHT, 1).select(new double[] {2.1})).isEqualTo(3);
    }

    @Test
    void knoraEShrinksTheNeighbourhoodUntilSomeModelQualifies() {
        KnoraE des = new KnoraE(POINTS, RIGHT, 3);
        // Neighbours 10, 2, 1 (then 10, 2): no model is right on all; K = 1 (10): model 2.
        assertThat(des.select(new double[] {9})).isEqualTo(4);
        // The nearest sample (20) has no model right: at every K none qualifies, so every model.
        assertThat(des.select(new double[] {21})).isEqualTo(7);
    }

    // ---- greedy EDF / FIFO / SJF ----

    /** One model of 10 ms; A (dl 30, 0.5), B (dl 10, 0.8), C (dl 20, 0.9), in that arrival order. */
    static PlanningProblem threeQueries() {
        return new PlanningProblem(0, 0.01, List.of(new PlannerModel("a", 10, 0)), List.of(
                new PlannerQuery("A", 30, new double[] {0, 0.5}),
                new PlannerQuery("B", 10, new double[] {0, 0.8}),
                new PlannerQuery("C", 20, new double[] {0, 0.9})));
    }

    static List<Integer> queries(SchemblePlan plan) {
        List<Integer> q = new ArrayList<>();
        for (SchemblePlan.Assignment a : plan.assignments()) q.add(a.query());
        return q;
    }

    @Test
    void greedyEdfServesInDeadlineOrder() {
        // B 0–10, C 10–20, A 20–30: all on time.
        SchemblePlan plan = new GreedyPlanner(GreedyPlanner.Order.EDF).plan(threeQueries());
        assertThat(queries(plan)).containsExactly(1, 2, 0);
        assertThat(plan.utility()).isCloseTo(2.2, within(1e-12));
    }

    @Test
    void greedyFifoServesInArrivalOrderAndSkipsWhatNoLongerFits() {
        // A 0–10; B would end at 20 > 10: skipped; C 10–20.
        SchemblePlan plan = new GreedyPlanner(GreedyPlanner.Order.FIFO).plan(threeQueries());
        assertThat(queries(plan)).containsExactly(0, 2);
        assertThat(plan.utility()).isCloseTo(1.4, within(1e-12));
    }

    @Test
    void greedySjfServesTheEasiestFirst() {
        // Easiest = highest best single-model utility: C (0.9) 0–10, B (0.8) would end at 20 > 10, A 10–20.
        SchemblePlan plan = new GreedyPlanner(GreedyPlanner.Order.SJF).plan(threeQueries());
        assertThat(queries(plan)).containsExactly(2, 0);
        assertThat(plan.utility()).isCloseTo(1.4, within(1e-12));
    }

    @Test
    void greedyTakesTheBestSubsetThatStillFits() {
        List<PlannerModel> ab = List.of(new PlannerModel("a", 10, 0), new PlannerModel("b", 30, 0));
        GreedyPlanner edf = new GreedyPlanner(GreedyPlanner.Order.EDF);
        // Deadline 25: b (done 30) does not fit, so a alone.
        assertThat(edf.plan(new PlanningProblem(0, 0.01, ab, List.of(new PlannerQuery("q", 25, U)))).assignments())
                .containsExactly(new SchemblePlan.Assignment(0, 1));
        // Deadline 30: both fit, a+b earns most.
        assertThat(edf.plan(new PlanningProblem(0, 0.01, ab, List.of(new PlannerQuery("q", 30, U)))).assignments())
                .containsExactly(new SchemblePlan.Assignment(0, 3));
        // a+b not offered (NaN): b, the better single.
        assertThat(edf.plan(new PlanningProblem(0, 0.01, ab, List.of(new PlannerQuery("q", 30, new double[] {0, 0.6, 0.7, Double.NaN}))))
                .assignments()).containsExactly(new SchemblePlan.Assignment(0, 2));
    }
}
