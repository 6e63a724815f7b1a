package io.baton.solvers;

import io.baton.core.solver.MipModel.LinearExpr;
import io.baton.core.solver.MipModel.Var;
import io.baton.core.solver.MipModel;
import io.baton.core.solver.MipSolution;
import io.baton.core.solver.MipSolver;
import io.baton.core.solver.MipSolvers;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class MipSolverTest {

    private static final Duration LIMIT = Duration.ofSeconds(10);
    private final MipSolver solver = new OrToolsMipSolver();

    @Test
    void orToolsUsesScipInThisBuild() {
        OrToolsMipSolver s = new OrToolsMipSolver();
        assertThat(s.isAvailable()).isTrue();
        assertThat(s.backend()).isEqualTo("SCIP");
        assertThat(s.name()).isEqualTo("ortools-SCIP");
        assertThat(new OrToolsMipSolver(List.of("CBC")).backend()).isEqualTo("CBC");
        assertThat(new OrToolsMipSolver(List.of("NO-SUCH-SOLVER")).isAvailable()).isFalse();
    }

    @Test
    void textbookKnapsack() {
        // values 60, 100, 120; weights 10, 20, 30; capacity 50 → items 2 and 3, value 220.
        MipModel m = new MipModel("knapsack");
        Var[] x = {m.addBinary("a"), m.addBinary("b"), m.addBinary("c")};
        m.addLessOrEqual("capacity", LinearExpr.weightedSum(new double[] {10, 20, 30}, x), 50);
        m.maximize(LinearExpr.weightedSum(new double[] {60, 100, 120}, x));

        MipSolution s = solver.solve(m, LIMIT);

        assertThat(s.status()).isEqualTo(MipSolution.Status.OPTIMAL);
        assertThat(s.objectiveValue()).isCloseTo(220, within(1e-6));
        assertThat(s.isOne(x[0])).isFalse();
        assertThat(s.isOne(x[1])).isTrue();
        assertThat(s.isOne(x[2])).isTrue();
        assertThat(s.solverName()).isEqualTo("ortools-SCIP");
        assertThat(m.isFeasible(s.values(), 1e-6)).isTrue();
    }

    @Test
    void randomKnapsacksMatchEnumeration() {
        Random rnd = new Random(7);
        for (MipSolver each : List.of(solver, new OrToolsMipSolver(List.of("CBC")))) {
            for (int t = 0; t < 10; t++) {
                int n = 12;
                double[] v = new double[n];
                double[] w = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = 1 + rnd.nextInt(50);
                    w[i] = 1 + rnd.nextInt(30);
                }
                double cap = 60 + rnd.nextInt(60);
                double best = 0;
                for (int mask = 0; mask < (1 << n); mask++) {
                    double tv = 0, tw = 0;
                    for (int i = 0; i < n; i++) if ((mask >> i & 1) == 1) { tv += v[i]; tw += w[i]; }
                    if (tw <= cap) best = Math.max(best, tv);
                }
                MipModel m = new MipModel();
                Var[] x = new Var[n];
                for (int i = 0; i < n; i++) x[i] = m.addBinary("x" + i);
                m.addLessOrEqual("cap", LinearExpr.weightedSum(w, x), cap);
                m.maximize(LinearExpr.weightedSum(v, x));

                MipSolution s = each.solve(m, LIMIT);

                assertThat(s.status()).as(each.name()).isEqualTo(MipSolution.Status.OPTIMAL);
                assertThat(s.objectiveValue()).as(each.name()).isCloseTo(best, within(1e-6));
            }
        }
    }

    @Test
    void assignmentProblemMatchesPermutationEnumeration() {
        Random rnd = new Random(11);
        int n = 6;
        double[][] cost = new double[n][n];
        for (double[] row : cost) for (int j = 0; j < n; j++) row[j] = rnd.nextInt(100);
        double best = bestPermutation(cost, new boolean[n], 0, 0);

        MipModel m = new MipModel("assignment");
        Var[][] x = new Var[n][n];
        LinearExpr.Builder obj = LinearExpr.builder();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                x[i][j] = m.addBinary("x_" + i + "_" + j);
                obj.add(x[i][j], cost[i][j]);
            }
        }
        for (int i = 0; i < n; i++) {
            List<Var> row = new ArrayList<>();
            List<Var> col = new ArrayList<>();
            for (int j = 0; j < n; j++) { row.add(x[i][j]); col.add(x[j][i]); }
            m.addEqual("worker_" + i, LinearExpr.sum(row), 1);
            m.addEqual("task_" + i, LinearExpr.sum(col), 1);
        }
        m.minimize(obj.build());

        MipSolution s = solver.solve(m, LIMIT);

        assertThat(s.status()).isEqualTo(MipSolution.Status.OPTIMAL);
        assertThat(s.objectiveValue()).isCloseTo(best, within(1e-6));
        assertThat(s.value(m.objective().expression())).isCloseTo(best, within(1e-6));
    }

    @Test
    void rectangularAssignmentWithKnownOptimum() {
        // OR-Tools' documented example: 5 workers, 4 tasks, each task done once, each worker at most once: 265.
        double[][] cost = {{90, 80, 75, 70}, {35, 85, 55, 65}, {125, 95, 90, 95}, {45, 110, 95, 115},
                {50, 100, 90, 100}};
        MipModel m = new MipModel();
        Var[][] x = new Var[5][4];
        LinearExpr.Builder obj = LinearExpr.builder();
        for (int i = 0; i < 5; i++) for (int j = 0; j < 4; j++) {
            x[i][j] = m.addBinary("x" + i + j);
            obj.add(x[i][j], cost[i][j]);
        }
        for (int i = 0; i < 5; i++) m.addLessOrEqual("w" + i, LinearExpr.sum(List.of(x[i])), 1);
        for (int j = 0; j < 4; j++) {
            LinearExpr.Builder col = LinearExpr.builder();
            for (int i = 0; i < 5; i++) col.add(x[i][j], 1);
            m.addEqual("t" + j, col.build(), 1);
        }
        m.minimize(obj.build());
        assertThat(solver.solve(m, LIMIT).objectiveValue()).isCloseTo(265, within(1e-6));
    }

    @Test
    void integerAndContinuousVariablesWithConstantsAndBounds() {
        // max 3x + 2y + 5  s.t.  x + y + 1 ≤ 5.5,  x − y ≥ −2,  x ∈ Z [0, 10], y ∈ [0, 2.5]
        MipModel m = new MipModel();
        Var x = m.addInteger("x", 0, 10);
        Var y = m.addContinuous("y", 0, 2.5);
        m.addLessOrEqual("sum", LinearExpr.of(x).plus(1, y).plus(1.0), 5.5);
        m.addGreaterOrEqual("diff", LinearExpr.of(x).plus(-1, y), -2);
        m.maximize(LinearExpr.term(3, x).plus(2, y).plus(5));

        MipSolution s = solver.solve(m, LIMIT);

        // x + y ≤ 4.5: x = 4, y = 0.5 gives 12 + 1 + 5 = 18 (x=4.5 not integral).
        assertThat(s.status()).isEqualTo(MipSolution.Status.OPTIMAL);
        assertThat(s.intValue(x)).isEqualTo(4);
        assertThat(s.value(y)).isCloseTo(0.5, within(1e-6));
        assertThat(s.objectiveValue()).isCloseTo(18, within(1e-6));
    }

    @Test
    void infeasibleModelIsReportedInfeasible() {
        MipModel m = new MipModel();
        Var a = m.addBinary("a");
        Var b = m.addBinary("b");
        m.addGreaterOrEqual("too_much", LinearExpr.of(a).plus(1, b), 3);
        m.minimize(LinearExpr.of(a));

        MipSolution s = solver.solve(m, LIMIT);

        assertThat(s.status()).isEqualTo(MipSolution.Status.INFEASIBLE);
        assertThat(s.hasSolution()).isFalse();
        assertThat(s.values()).isEmpty();
        assertThatThrownBy(() -> s.value(a)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void unboundedModelIsNotReportedAsSolved() {
        MipModel m = new MipModel();
        Var x = m.addInteger("x", 0, Double.POSITIVE_INFINITY);
        m.maximize(LinearExpr.of(x));
        MipSolution s = solver.solve(m, LIMIT);
        // SCIP proves unboundedness; some backends only say "infeasible or unbounded".
        assertThat(s.status()).isIn(MipSolution.Status.UNBOUNDED, MipSolution.Status.INFEASIBLE);
    }

    @Test
    void timeLimitOnAHardInstanceStillReturnsTheBestSolutionFound() {
        // A multi-dimensional knapsack with 150 items and 8 constraints is not solved to optimality instantly;
        // with a 1 s limit SCIP returns its incumbent (or the optimum). No wall time is asserted.
        Random rnd = new Random(3);
        int n = 150, k = 8;
        MipModel m = new MipModel("mdk");
        Var[] x = new Var[n];
        for (int i = 0; i < n; i++) x[i] = m.addBinary("x" + i);
        for (int c = 0; c < k; c++) {
            double[] w = new double[n];
            double total = 0;
            for (int i = 0; i < n; i++) { w[i] = 1 + rnd.nextInt(1000); total += w[i]; }
            m.addLessOrEqual("cap" + c, LinearExpr.weightedSum(w, x), Math.floor(total / 2));
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = 1 + rnd.nextInt(1000);
        m.maximize(LinearExpr.weightedSum(v, x));

        MipSolution s = solver.solve(m, Duration.ofSeconds(1));

        assertThat(s.status()).isIn(MipSolution.Status.OPTIMAL, MipSolution.Status.FEASIBLE);
        assertThat(m.isFeasible(s.values(), 1e-6)).isTrue();
        assertThat(s.objectiveValue()).isCloseTo(m.objectiveValue(s.values()), within(1e-4));
    }

    @Test
    void timeLimitWithoutAnyIncumbentIsNotSolvedRatherThanError() {
        // 20 random equality rows over 1000 binaries: finding any feasible point takes far longer than 200 ms.
        Random rnd = new Random(3);
        int n = 1000;
        MipModel m = new MipModel("hard-equalities");
        Var[] x = new Var[n];
        for (int i = 0; i < n; i++) x[i] = m.addBinary("x" + i);
        for (int c = 0; c < 20; c++) {
            double[] w = new double[n];
            double total = 0;
            for (int i = 0; i < n; i++) { w[i] = 1 + rnd.nextInt(1000); total += w[i]; }
            m.addEqual("row" + c, LinearExpr.weightedSum(w, x), Math.floor(total / 2));
        }
        m.maximize(LinearExpr.sum(List.of(x)));

        MipSolution s = solver.solve(m, Duration.ofMillis(200));

        assertThat(s.status()).isIn(MipSolution.Status.NOT_SOLVED, MipSolution.Status.FEASIBLE,
                MipSolution.Status.OPTIMAL, MipSolution.Status.INFEASIBLE);
        assertThat(s.values().isEmpty()).isEqualTo(!s.hasSolution());
    }

    @Test
    void hintIsAcceptedAsAStartingSolution() {
        MipModel m = new MipModel();
        Var[] x = {m.addBinary("a"), m.addBinary("b"), m.addBinary("c")};
        m.addLessOrEqual("capacity", LinearExpr.weightedSum(new double[] {10, 20, 30}, x), 50);
        m.maximize(LinearExpr.weightedSum(new double[] {60, 100, 120}, x));
        m.hint(x[0], 1).hint(x[1], 1).hint(x[2], 0);
        assertThat(m.hint()).hasSize(3);
        assertThat(solver.solve(m, LIMIT).objectiveValue()).isCloseTo(220, within(1e-6));
    }

    @Test
    void gurobiIsUnavailableHereAndTheDefaultIsOrTools() {
        assertThat(GurobiMipSolver.available()).isFalse();
        assertThat(GurobiMipSolver.unavailableReason()).isNotBlank();
        MipModel m = new MipModel();
        m.minimize(LinearExpr.of(m.addBinary("x")));
        MipSolution s = new GurobiMipSolver().solve(m, LIMIT);
        assertThat(s.status()).isEqualTo(MipSolution.Status.ERROR);
        assertThat(s.detail()).contains("Gurobi unavailable");

        assertThat(MipSolvers.defaultSolver()).isInstanceOf(OrToolsMipSolver.class);
        assertThat(MipSolvers.byName("ortools")).isInstanceOf(OrToolsMipSolver.class);
        assertThat(MipSolvers.byName(" ORTOOLS-CBC ").name()).isEqualTo("ortools-CBC");
        assertThat(MipSolvers.byName("auto")).isInstanceOf(OrToolsMipSolver.class);
        assertThatThrownBy(() -> MipSolvers.byName("gurobi"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not available");
        assertThatThrownBy(() -> MipSolvers.byName("cplex"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cplex")
                .hasMessageContaining("gurobi").hasMessageContaining("ortools");
    }

    @Test
    void modelRejectsMistakes() {
        MipModel m = new MipModel();
        Var x = m.addBinary("x");
        assertThatThrownBy(() -> m.addBinary("x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate");
        assertThatThrownBy(() -> m.addContinuous("y", 2, 1)).isInstanceOf(IllegalArgumentException.class);
        MipModel other = new MipModel();
        Var foreign = other.addBinary("z");
        assertThatThrownBy(() -> m.addLessOrEqual("c", LinearExpr.of(foreign), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another model");
        m.addLessOrEqual("c", LinearExpr.of(x), 1);
        assertThatThrownBy(() -> m.addLessOrEqual("c", LinearExpr.of(x), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> solver.solve(m, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThat(m.variables()).containsExactly(x);
        assertThat(m.variable("x")).contains(x);
    }

    @Test
    void linearExpressionsMergeTerms() {
        MipModel m = new MipModel();
        Var x = m.addContinuous("x", 0, 1);
        Var y = m.addContinuous("y", 0, 1);
        LinearExpr e = LinearExpr.builder().add(x, 2).add(y, 1).add(x, -2).addConstant(3).build();
        assertThat(e.terms()).containsOnlyKeys(y);
        assertThat(e.constant()).isEqualTo(3);
        assertThat(e.times(2).coefficient(y)).isEqualTo(2);
        assertThat(e.plus(LinearExpr.of(x)).coefficient(x)).isEqualTo(1);
    }

    private static double bestPermutation(double[][] c, boolean[] used, int row, double acc) {
        if (row == c.length) return acc;
        double best = Double.POSITIVE_INFINITY;
        for (int j = 0; j < c.length; j++) {
            if (used[j]) continue;
            used[j] = true;
            best = Math.min(best, bestPermutation(c, used, row + 1, acc + c[row][j]));
            used[j] = false;
        }
        return best;
    }
}
