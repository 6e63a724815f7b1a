package io.baton.core.symphony.partition;

import io.baton.core.solver.MipModel;
import io.baton.core.solver.MipSolution;
import io.baton.core.solver.MipSolver;
import io.baton.solvers.OrToolsMipSolver;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Appendix A partitioners against an independent evaluator and brute force. Solver limits stay ≤ 2 s. */
class PartitionerTest {

    private static final MipSolver SCIP = new OrToolsMipSolver();
    private static final Duration SMALL = Duration.ofSeconds(2);

    // ------------------------------------------------------------------------------------ instances

    /** Rates exponential (as in the paper's Fig. 15 setup), memories in Table 1's ranges (MB). */
    private static List<ModelDemand> randomModels(Random rnd, int m) {
        List<ModelDemand> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            double rate = Math.round(-Math.log(1 - rnd.nextDouble()) * 200 * 100) / 100.0;
            double s = 80 + rnd.nextInt(750);
            double d = 1500 + rnd.nextInt(4700);
            out.add(new ModelDemand("m" + i, rate, s, d));
        }
        return out;
    }

    /** Limits with some slack: R_max = slack·R̄ (≥ max r), S_max = slack·S̄ + max d; w = Σr/Σs. */
    private static PartitionProblem problem(List<ModelDemand> models, int l, double slack) {
        double sumR = models.stream().mapToDouble(ModelDemand::rate).sum();
        double sumS = models.stream().mapToDouble(ModelDemand::staticMemory).sum();
        double maxR = models.stream().mapToDouble(ModelDemand::rate).max().orElse(0);
        double maxS = models.stream().mapToDouble(ModelDemand::staticMemory).max().orElse(0);
        double maxD = models.stream().mapToDouble(ModelDemand::dynamicMemory).max().orElse(0);
        double rMax = Math.max(slack * sumR / l, maxR * 1.01);
        double sMax = Math.max(slack * sumS / l, maxS * 1.01) + maxD;
        return new PartitionProblem(models, l, rMax, sMax, sumR / sumS);
    }

    /** The optimum over all l^m assignments (feasible ones only); null when none is feasible. */
    private static Double bruteForce(PartitionProblem p) {
        int m = p.modelCount();
        int l = p.subClusters();
        int[] a = new int[m];
        Double best = null;
        long total = (long) Math.pow(l, m);
        for (long code = 0; code < total; code++) {
            long c = code;
            Map<String, Integer> map = new HashMap<>();
            for (int i = 0; i < m; i++) {
                a[i] = (int) (c % l);
                c /= l;
                map.put(p.models().get(i).name(), a[i]);
            }
            PartitionEvaluator.Evaluation e = PartitionEvaluator.evaluate(p, map);
            if (e.feasible() && (best == null || e.objective() < best)) best = e.objective();
        }
        return best;
    }

    // ------------------------------------------------------------------------------------ evaluator

    @Test
    void evaluatorComputesTheDefinitionsByHand() {
        List<ModelDemand> ms = List.of(new ModelDemand("a", 10, 100, 1000), new ModelDemand("b", 30, 200, 500),
                new ModelDemand("c", 20, 300, 2000));
        PartitionProblem p = new PartitionProblem(ms, 2, 40, 2500, 0.1);
        // R̄ = 30, S̄ = 300. {a, b} | {c}: R = 40, 20; S = 300, 300; memory 300 + 1000, 300 + 2000.
        PartitionEvaluator.Evaluation e = PartitionEvaluator.evaluate(p, Map.of("a", 0, "b", 0, "c", 1));
        assertThat(e.deltaR()).isEqualTo(10);
        assertThat(e.deltaS()).isEqualTo(0);
        assertThat(e.objective()).isEqualTo(10);
        assertThat(e.maxDynamic()).containsExactly(1000, 2000);
        assertThat(e.feasible()).isTrue();

        // {a, c} | {b}: S = 400 + 2000 = 2400 ≤ 2500; R = 30, 30 → objective 0 + 0.1·100 = 10.
        assertThat(PartitionEvaluator.evaluate(p, Map.of("a", 0, "b", 1, "c", 0)).objective()).isEqualTo(10);
        // {b, c} | {a}: R = 50 > 40 violates (5); memory 500 + 2000 = 2500 fits exactly.
        PartitionEvaluator.Evaluation bad = PartitionEvaluator.evaluate(p, Map.of("a", 1, "b", 0, "c", 0));
        assertThat(bad.violations()).hasSize(1).first().asString().startsWith("(5)");
        // all in one: (5) and (6) both fail.
        assertThat(PartitionEvaluator.evaluate(p, Map.of("a", 0, "b", 0, "c", 0)).violations()).hasSize(2);
        // missing, out of range and unknown names violate (9)/(10).
        assertThat(PartitionEvaluator.evaluate(p, Map.of("a", 0, "b", 2, "zz", 1)).violations())
                .anyMatch(v -> v.startsWith("(9) c")).anyMatch(v -> v.startsWith("(10) b"))
                .anyMatch(v -> v.contains("unknown model zz"));
    }

    @Test
    void evaluatorChargesMovesTwiceAndNewModelsOnce() {
        List<ModelDemand> ms = List.of(new ModelDemand("a", 1, 1, 1), new ModelDemand("b", 1, 1, 1),
                new ModelDemand("n", 1, 1, 1));
        CurrentAssignment cur = new CurrentAssignment(Map.of("a", 0, "b", 1, "gone", 1),
                Map.of("a", 5.0, "b", 7.0, "n", 3.0), 16);
        PartitionProblem p = new PartitionProblem(ms, 2, 100, 100, 1, cur);
        // a moves (2·5), b stays, n is new (3): 13 ≤ 16.
        PartitionEvaluator.Evaluation e = PartitionEvaluator.evaluate(p, Map.of("a", 1, "b", 1, "n", 0));
        assertThat(e.moveCost()).isEqualTo(13);
        assertThat(e.feasible()).isTrue();
        // b moves too: 13 + 14 = 27 > 16.
        assertThat(PartitionEvaluator.evaluate(p, Map.of("a", 1, "b", 0, "n", 0)).violations())
                .singleElement().asString().startsWith("(11)");
    }

    // ------------------------------------------------------------------------------------ MILP

    @Test
    void milpMatchesBruteForceOnSmallInstances() {
        Random rnd = new Random(17);
        for (int t = 0; t < 8; t++) {
            int l = 2 + t % 2;
            PartitionProblem p = problem(randomModels(rnd, 6), l, 1.3 + 0.2 * rnd.nextDouble());
            Double best = bruteForce(p);
            PartitionResult r = new MilpPartitioner(SCIP, SMALL).partition(p);
            if (best == null) {
                assertThat(r.feasible()).isFalse();
                continue;
            }
            assertThat(r.method()).isEqualTo(PartitionMethod.MILP);
            assertThat(r.detail()).contains("OPTIMAL");
            assertThat(r.feasible()).isTrue();
            assertThat(r.objective()).as("instance %d", t).isCloseTo(best, within(1e-6 * Math.max(1, best)));
            assertEvaluatorAgrees(p, r);
        }
    }

    @Test
    void milpWithoutWarmStartOrSymmetryHelpStillFindsTheOptimum() {
        Random rnd = new Random(99);
        PartitionProblem p = problem(randomModels(rnd, 6), 3, 1.5);
        Double best = bruteForce(p);
        PartitionResult r = new MilpPartitioner(SCIP, SMALL, false).partition(p);
        assertThat(r.method()).isEqualTo(PartitionMethod.MILP);
        assertThat(r.objective()).isCloseTo(best, within(1e-6 * Math.max(1, best)));
    }

    @Test
    void milpHonoursTheDisruptionBudget() {
        Random rnd = new Random(23);
        for (int t = 0; t < 6; t++) {
            List<ModelDemand> models = randomModels(rnd, 7);
            PartitionProblem base = problem(models, 2 + t % 2, 1.6);
            Map<String, Integer> was = new HashMap<>();
            Map<String, Double> cost = new HashMap<>();
            for (int i = 0; i < models.size(); i++) {
                String n = models.get(i).name();
                if (i < 6) was.put(n, rnd.nextInt(base.subClusters())); // the 7th model is new
                cost.put(n, 1.0 + rnd.nextInt(5));
            }
            double cMax = cost.get("m6") + 2 * (1 + rnd.nextInt(6)); // the new model's load plus a few moves
            PartitionProblem p = base.withCurrent(new CurrentAssignment(was, cost, cMax));
            Double best = bruteForce(p);
            PartitionResult r = new MilpPartitioner(SCIP, SMALL).partition(p);
            if (best == null) {
                assertThat(r.feasible()).isFalse();
                continue;
            }
            assertThat(r.feasible()).isTrue();
            assertThat(r.moveCost()).isLessThanOrEqualTo(cMax + 1e-9);
            assertThat(r.objective()).as("instance %d", t).isCloseTo(best, within(1e-6 * Math.max(1, best)));
            assertEvaluatorAgrees(p, r);
        }
    }

    @Test
    void milpSolutionSatisfiesItsOwnModelAndObjectiveMatchesEvaluator() {
        Random rnd = new Random(5);
        PartitionProblem p = problem(randomModels(rnd, 12), 3, 1.4);
        MilpPartitioner.Formulation f = MilpPartitioner.formulate(p);
        MipSolution s = SCIP.solve(f.model, SMALL);
        assertThat(s.status()).isIn(MipSolution.Status.OPTIMAL, MipSolution.Status.FEASIBLE);
        assertThat(f.model.isFeasible(s.values(), 1e-5)).isTrue();
        int[] a = f.decode(s);
        PartitionEvaluator.Evaluation e = PartitionEvaluator.evaluate(p, new ArrayScorer(p).toMap(a));
        assertThat(e.feasible()).isTrue();
        // At an optimum ΔR and ΔS (w > 0) are tight, so the solver's objective is the evaluator's.
        if (s.status() == MipSolution.Status.OPTIMAL) {
            assertThat(s.objectiveValue()).isCloseTo(e.objective(), within(1e-5 * Math.max(1, e.objective())));
        }
        // Model size: m·l binaries minus the symmetry-broken ones, l D_j, ΔR, ΔS.
        int binaries = 0;
        for (MipModel.Var v : f.model.variables()) if (v.type() == MipModel.VarType.BINARY) binaries++;
        assertThat(binaries).isEqualTo(12 * 3 - (2 + 1));
        assertThat(f.model.variableCount()).isEqualTo(binaries + 3 + 2);
    }

    @Test
    void milpBeatsGreedyAndRandomOnMediumInstances() {
        Random rnd = new Random(31);
        for (int t = 0; t < 3; t++) {
            PartitionProblem p = problem(randomModels(rnd, 40), 4, 1.3);
            PartitionResult milp = new MilpPartitioner(SCIP, SMALL).partition(p);
            PartitionResult greedy = new GreedyPartitioner().partition(p);
            PartitionResult random = RandomPartitioner.withSamples(t, 20_000).partition(p);

            assertThat(milp.feasible()).isTrue();
            assertThat(milp.method()).isEqualTo(PartitionMethod.MILP);
            assertEvaluatorAgrees(p, milp);
            assertEvaluatorAgrees(p, greedy);
            assertEvaluatorAgrees(p, random);
            if (greedy.feasible()) assertThat(milp.objective()).isLessThanOrEqualTo(greedy.objective() + 1e-9);
            if (random.feasible()) assertThat(milp.objective()).isLessThanOrEqualTo(random.objective() + 1e-9);
        }
    }

    @Test
    void fallsBackToGreedyWhenTheSolverHasNothing() {
        PartitionProblem p = problem(randomModels(new Random(1), 10), 3, 1.5);
        MipSolver nothing = new MipSolver() {
            @Override
            public MipSolution solve(MipModel model, Duration timeLimit) {
                return MipSolution.withoutValues(MipSolution.Status.NOT_SOLVED, name(), 0, "time limit");
            }

            @Override
            public String name() {
                return "stub";
            }
        };
        PartitionResult r = new MilpPartitioner(nothing, SMALL).partition(p);
        assertThat(r.method()).isEqualTo(PartitionMethod.GREEDY);
        assertThat(r.detail()).contains("greedy fallback").contains("NOT_SOLVED");
        assertThat(r.assignment()).isEqualTo(new GreedyPartitioner().partition(p).assignment());

        MipSolver throwing = new MipSolver() {
            @Override
            public MipSolution solve(MipModel model, Duration timeLimit) {
                throw new IllegalStateException("boom");
            }

            @Override
            public String name() {
                return "broken";
            }
        };
        assertThat(new MilpPartitioner(throwing, SMALL).partition(p).detail()).contains("boom");
    }

    @Test
    void infeasibleProblemIsReportedNotHidden() {
        // Two models of 600 MB static + 100 dynamic each cannot share S_max = 1000, and l = 1.
        List<ModelDemand> ms = List.of(new ModelDemand("a", 1, 600, 100), new ModelDemand("b", 1, 600, 100));
        PartitionProblem p = new PartitionProblem(ms, 1, 100, 1000, 1);
        PartitionResult r = new MilpPartitioner(SCIP, SMALL).partition(p);
        assertThat(r.feasible()).isFalse();
        assertThat(r.method()).isEqualTo(PartitionMethod.GREEDY);
        assertThat(r.detail()).contains("INFEASIBLE").contains("(6)");
        assertThat(new GreedyPartitioner().partition(p).feasible()).isFalse();
        assertThat(RandomPartitioner.withSamples(1, 100).partition(p).feasible()).isFalse();
    }

    // ------------------------------------------------------------------------------------ heuristics

    @Test
    void allPartitionersRespectConstraintsOnRandomInstances() {
        Random rnd = new Random(77);
        for (int t = 0; t < 10; t++) {
            int m = 8 + rnd.nextInt(25);
            int l = 2 + rnd.nextInt(4);
            PartitionProblem p = problem(randomModels(rnd, m), l, 1.5 + rnd.nextDouble());
            Map<String, PartitionResult> results = new LinkedHashMap<>();
            for (Partitioner part : List.of(new MilpPartitioner(SCIP, Duration.ofMillis(300)),
                    new GreedyPartitioner(), new GreedyPartitioner(false), RandomPartitioner.withSamples(t, 2_000))) {
                PartitionResult r = part.partition(p);
                results.put(part.name(), r);
                assertThat(r.assignment()).as(part.name()).hasSize(m);
                assertEvaluatorAgrees(p, r);
                if (r.feasible()) {
                    assertThat(PartitionEvaluator.evaluate(p, r.assignment()).violations()).isEmpty();
                    assertThat(r.assignment().values()).allMatch(j -> j >= 0 && j < l);
                }
            }
            // The generous limits make the greedy construction feasible, and hence the polish and the MILP too.
            assertThat(results.get("greedy").feasible()).isTrue();
            assertThat(results.get("greedy+polish").feasible()).isTrue();
            assertThat(results.get("greedy+polish").objective()).isLessThanOrEqualTo(results.get("greedy").objective());
            assertThat(results.get("milp(ortools-SCIP)").feasible()).isTrue();
        }
    }

    @Test
    void greedyRespectsTheDisruptionBudget() {
        Random rnd = new Random(8);
        List<ModelDemand> models = randomModels(rnd, 20);
        PartitionProblem base = problem(models, 4, 1.6);
        Map<String, Integer> was = new LinkedHashMap<>();
        Map<String, Double> cost = new HashMap<>();
        for (ModelDemand md : models) {
            was.put(md.name(), rnd.nextInt(4));
            cost.put(md.name(), 1.0);
        }
        for (double cMax : new double[] {0, 2, 6, 1e9}) {
            PartitionProblem p = base.withCurrent(new CurrentAssignment(was, cost, cMax));
            PartitionResult g = new GreedyPartitioner().partition(p);
            assertThat(g.moveCost()).isLessThanOrEqualTo(cMax);
            PartitionResult milp = new MilpPartitioner(SCIP, SMALL).partition(p);
            assertThat(milp.moveCost()).isLessThanOrEqualTo(cMax + 1e-9);
            if (g.feasible()) assertThat(milp.objective()).isLessThanOrEqualTo(g.objective() + 1e-9);
        }
        // C_max = 0 freezes the current assignment.
        PartitionProblem frozen = base.withCurrent(new CurrentAssignment(was, cost, 0));
        assertThat(new GreedyPartitioner().partition(frozen).assignment()).isEqualTo(was);
        assertThat(new MilpPartitioner(SCIP, SMALL).partition(frozen).assignment()).isEqualTo(was);
    }

    @Test
    void polishKeepsConstraintsUnderTightLimitsAndBudgets() {
        Random rnd = new Random(12);
        for (int t = 0; t < 20; t++) {
            List<ModelDemand> models = randomModels(rnd, 15 + rnd.nextInt(20));
            int l = 2 + rnd.nextInt(4);
            PartitionProblem p = problem(models, l, 1.05 + 0.3 * rnd.nextDouble());
            if (rnd.nextBoolean()) {
                Map<String, Integer> was = new HashMap<>();
                Map<String, Double> cost = new HashMap<>();
                for (ModelDemand md : models) {
                    if (rnd.nextInt(5) > 0) was.put(md.name(), rnd.nextInt(l));
                    cost.put(md.name(), (double) (1 + rnd.nextInt(3)));
                }
                double newLoads = models.stream().filter(md -> !was.containsKey(md.name()))
                        .mapToDouble(md -> cost.get(md.name())).sum();
                p = p.withCurrent(new CurrentAssignment(was, cost, newLoads + rnd.nextInt(20)));
            }
            PartitionResult bare = new GreedyPartitioner(false).partition(p);
            PartitionResult polished = new GreedyPartitioner().partition(p);
            assertEvaluatorAgrees(p, polished);
            if (bare.feasible()) {
                assertThat(polished.feasible()).isTrue();
                assertThat(polished.objective()).isLessThanOrEqualTo(bare.objective() + 1e-9);
            }
            if (p.current() != null && bare.moveCost() <= p.current().maxCost()) {
                assertThat(polished.moveCost()).isLessThanOrEqualTo(p.current().maxCost() + 1e-9);
            }
        }
    }

    @Test
    void randomIsDeterministicForASeedAndImprovesWithSamples() {
        PartitionProblem p = problem(randomModels(new Random(4), 15), 3, 1.5);
        PartitionResult a = RandomPartitioner.withSamples(42, 500).partition(p);
        PartitionResult b = RandomPartitioner.withSamples(42, 500).partition(p);
        assertThat(a.assignment()).isEqualTo(b.assignment());
        assertThat(a.method()).isEqualTo(PartitionMethod.RANDOM);
        assertThat(a.detail()).contains("500 samples");
        PartitionResult more = RandomPartitioner.withSamples(42, 5_000).partition(p);
        assertThat(more.objective()).isLessThanOrEqualTo(a.objective()); // same stream, superset of samples
        PartitionResult timed = RandomPartitioner.withTimeBudget(42, Duration.ofMillis(50)).partition(p);
        assertThat(timed.assignment()).hasSize(15);
    }

    @Test
    void problemValidation() {
        List<ModelDemand> ms = List.of(new ModelDemand("a", 1, 1, 1));
        assertThatThrownBy(() -> new PartitionProblem(List.of(), 1, 1, 1, 1)).hasMessageContaining("models");
        assertThatThrownBy(() -> new PartitionProblem(ms, 0, 1, 1, 1)).hasMessageContaining("subClusters");
        assertThatThrownBy(() -> new PartitionProblem(ms, 1, 0, 1, 1)).hasMessageContaining("maxRate");
        assertThatThrownBy(() -> new PartitionProblem(ms, 1, 1, 0, 1)).hasMessageContaining("maxMemory");
        assertThatThrownBy(() -> new PartitionProblem(ms, 1, 1, 1, -1)).hasMessageContaining("memoryWeight");
        assertThatThrownBy(() -> new PartitionProblem(List.of(ms.get(0), ms.get(0)), 1, 1, 1, 1))
                .hasMessageContaining("duplicate");
        assertThatThrownBy(() -> new ModelDemand("x", -1, 0, 0)).hasMessageContaining("rate");
        assertThatThrownBy(() -> new PartitionProblem(ms, 1, 1, 1, 1,
                new CurrentAssignment(Map.of("a", 3), Map.of("a", 1.0), 1))).hasMessageContaining("sub-cluster 3");
        assertThatThrownBy(() -> new PartitionProblem(ms, 1, 1, 1, 1,
                new CurrentAssignment(Map.of(), Map.of(), 1))).hasMessageContaining("moveCost");
        // Unlimited R_max / S_max are allowed.
        PartitionProblem open = new PartitionProblem(ms, 2, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);
        assertThat(new MilpPartitioner(SCIP, SMALL).partition(open).feasible()).isTrue();
    }

    private static void assertEvaluatorAgrees(PartitionProblem p, PartitionResult r) {
        PartitionEvaluator.Evaluation e = PartitionEvaluator.evaluate(p, r.assignment());
        assertThat(r.feasible()).isEqualTo(e.feasible());
        assertThat(r.objective()).isEqualTo(e.objective());
        assertThat(r.deltaR()).isEqualTo(e.deltaR());
        assertThat(r.deltaS()).isEqualTo(e.deltaS());
        assertThat(r.objective()).isCloseTo(e.deltaR() + p.memoryWeight() * e.deltaS(), within(1e-9));
    }
}
