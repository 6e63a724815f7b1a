package io.baton.core.symphony.partition;

import io.baton.core.solver.MipModel;
import io.baton.core.solver.MipModel.LinearExpr;
import io.baton.core.solver.MipModel.Var;
import io.baton.core.solver.MipSolution;
import io.baton.core.solver.MipSolver;
import io.baton.core.solver.MipSolvers;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;

/**
 * Symphony's epoch partitioner: the Appendix A.1 MILP, solved through the {@link MipSolver} seam under a time
 * limit (default 10 s, as in the paper, which used CPLEX and kept "the best solution so far").
 *
 * <p>Formulation, with x_ij ∈ {0,1} (10) meaning model i is in sub-cluster j:
 * <pre>
 *   minimize   ΔR + w·ΔS                                        (4)
 *   subject to Σ_i r_i x_ij ≤ R_max                      ∀j     (5)   [omitted when R_max = +∞]
 *              Σ_i s_i x_ij + D_j ≤ S_max                 ∀j     (6)   [omitted when S_max = +∞]
 *              D_j ≥ d_i x_ij                           ∀i,j     (6'), linearising max_i d_i x_ij
 *              Σ_i r_i x_ij − ΔR ≤ R̄,  Σ_i r_i x_ij + ΔR ≥ R̄   ∀j     (7) as two inequalities
 *              Σ_i s_i x_ij − ΔS ≤ S̄,  Σ_i s_i x_ij + ΔS ≥ S̄   ∀j     (8) as two inequalities
 *              Σ_j x_ij = 1                              ∀i     (9)
 *              Σ_i Σ_j c_i y_ij ≤ C_max                          (11)  [only with a current assignment]
 * </pre>
 * D_j is continuous in [0, max_i d_i]; ΔR, ΔS are continuous ≥ 0. Since (6) only bounds D_j from above and (6')
 * from below, any feasible D_j is ≥ the true max, so (6) with D_j implies the original (6) and vice versa.
 *
 * <p>Choices the paper leaves open, and why:
 * <ul>
 *   <li><b>y_ij = |x_ij − x'_ij|.</b> x' is data, so the absolute value is linear without auxiliary variables:
 *       y_ij = x_ij where x'_ij = 0 and y_ij = 1 − x_ij where x'_ij = 1; the constants move to the right-hand
 *       side of (11). This is exactly what the usual linearisation (y ≥ x − x', y ≥ x' − x) allows at its
 *       tightest, with fewer variables. The cost is per model, c_ij = c_i (see {@link CurrentAssignment}).</li>
 *   <li><b>Symmetry breaking.</b> Without a current assignment the sub-clusters are interchangeable, so every
 *       solution appears l! times. Relabelling sub-clusters in order of their lowest-indexed model shows that
 *       restricting model i to sub-clusters 0..min(i, l−1) loses no solution value; those x_ij are simply not
 *       created. With a current assignment sub-clusters are distinguishable and nothing is restricted.</li>
 *   <li><b>Warm start</b> (on by default). The {@link GreedyPartitioner} assignment (construction plus local
 *       search), relabelled to respect the symmetry breaking, is passed as a hint with its D_j, ΔR and ΔS; a
 *       solver that accepts it never returns anything worse. The paper's CPLEX run started cold;
 *       {@code warmStart = false} reproduces that (the greedy assignment is still computed, as the fallback).
 *       The greedy step runs before the solver and is not counted in the solver's time limit (it is capped at
 *       {@link GreedyPartitioner#DEFAULT_POLISH_TIME}).</li>
 *   <li><b>Best found.</b> The result is whatever the solver reports within the limit: OPTIMAL or FEASIBLE
 *       (the incumbent at the limit). When it has no solution (NOT_SOLVED, ERROR, INFEASIBLE or an exception)
 *       the greedy assignment is returned instead, labelled {@link PartitionMethod#GREEDY} with the reason in
 *       {@code detail}; with INFEASIBLE the greedy result necessarily reports violations. If a solver ignored the
 *       hint and returned an incumbent worse than the greedy one, the greedy one is returned (labelled GREEDY):
 *       the partitioner keeps the best assignment it has seen.</li>
 *   <li>Metrics are recomputed from the assignment by {@link PartitionEvaluator}, never read from ΔR/ΔS (which
 *       can be loose, e.g. ΔS when w = 0).</li>
 * </ul>
 */
public final class MilpPartitioner implements Partitioner {

    /** The paper's time limit. */
    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(10);

    private final MipSolver solver;
    private final Duration timeLimit;
    private final boolean warmStart;

    /** {@link MipSolvers#defaultSolver()}, 10 s, warm start. */
    public MilpPartitioner() {
        this(MipSolvers.defaultSolver(), DEFAULT_TIME_LIMIT, true);
    }

    /** The given solver and time limit, warm start. */
    public MilpPartitioner(MipSolver solver, Duration timeLimit) {
        this(solver, timeLimit, true);
    }

    public MilpPartitioner(MipSolver solver, Duration timeLimit, boolean warmStart) {
        this.solver = Objects.requireNonNull(solver, "solver");
        Objects.requireNonNull(timeLimit, "timeLimit");
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("timeLimit must be positive, got " + timeLimit);
        }
        this.timeLimit = timeLimit;
        this.warmStart = warmStart;
    }

    @Override
    public String name() {
        return "milp(" + solver.name() + ")";
    }

    public Duration timeLimit() {
        return timeLimit;
    }

    @Override
    public PartitionResult partition(PartitionProblem problem) {
        int[] greedy = new GreedyPartitioner().solve(problem);
        Formulation f = formulate(problem);
        if (warmStart) f.hint(relabelForSymmetry(problem, greedy));

        MipSolution sol;
        try {
            sol = solver.solve(f.model, timeLimit);
        } catch (RuntimeException e) {
            return fallback(problem, greedy, "solver " + solver.name() + " threw " + e);
        }
        if (!sol.hasSolution()) {
            return fallback(problem, greedy, "MILP " + sol.status() + " within " + timeLimit + " ("
                    + sol.solverName() + (sol.detail().isEmpty() ? "" : ": " + sol.detail()) + ")");
        }
        int[] a = f.decode(sol);
        String detail = "MILP " + sol.status() + " by " + sol.solverName() + " in " + sol.wallTimeMs() + " ms"
                + ", solver objective " + sol.objectiveValue()
                + (warmStart ? ", warm start objective " + PartitionEvaluator.evaluate(problem,
                        new ArrayScorer(problem).toMap(greedy)).objective() : ", cold start");
        PartitionResult milp = PartitionResult.of(problem, new ArrayScorer(problem).toMap(a), PartitionMethod.MILP,
                detail);
        PartitionResult g = PartitionResult.of(problem, new ArrayScorer(problem).toMap(greedy),
                PartitionMethod.GREEDY, "greedy beat the MILP incumbent (" + detail + ")");
        boolean greedyBetter = g.feasible() && (!milp.feasible() || g.objective() < milp.objective() - 1e-9);
        return greedyBetter ? g : milp;
    }

    private PartitionResult fallback(PartitionProblem problem, int[] greedy, String why) {
        return PartitionResult.of(problem, new ArrayScorer(problem).toMap(greedy), PartitionMethod.GREEDY,
                "greedy fallback: " + why);
    }

    /** Builds the MILP for a problem (package-private for tests). */
    static Formulation formulate(PartitionProblem p) {
        return new Formulation(p);
    }

    /**
     * Relabels sub-clusters in order of first appearance in model order, so that model i is in a sub-cluster
     * ≤ i (the symmetry breaking); the identity when a current assignment fixes the labels.
     */
    static int[] relabelForSymmetry(PartitionProblem p, int[] a) {
        if (p.current() != null) return a.clone();
        int[] label = new int[p.subClusters()];
        Arrays.fill(label, -1);
        int next = 0;
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            if (label[a[i]] < 0) label[a[i]] = next++;
            out[i] = label[a[i]];
        }
        return out;
    }

    /** The MILP and its variables. */
    static final class Formulation {
        final PartitionProblem p;
        final MipModel model;
        final Var[][] x; // x[i][j]; null where symmetry breaking fixes it to 0
        final Var[] dMax;
        final Var deltaR;
        final Var deltaS;

        Formulation(PartitionProblem p) {
            this.p = p;
            int m = p.modelCount();
            int l = p.subClusters();
            boolean symmetric = p.current() == null;
            model = new MipModel("symphony-partition");
            x = new Var[m][l];
            for (int i = 0; i < m; i++) {
                int upto = symmetric ? Math.min(i, l - 1) : l - 1;
                for (int j = 0; j <= upto; j++) x[i][j] = model.addBinary("x_" + i + "_" + j);
            }
            double maxD = p.models().stream().mapToDouble(ModelDemand::dynamicMemory).max().orElse(0);
            dMax = new Var[l];
            for (int j = 0; j < l; j++) dMax[j] = model.addContinuous("D_" + j, 0, maxD);
            deltaR = model.addContinuous("deltaR", 0, Double.POSITIVE_INFINITY);
            deltaS = model.addContinuous("deltaS", 0, Double.POSITIVE_INFINITY);

            double rBar = p.meanRate();
            double sBar = p.meanStaticMemory();
            for (int j = 0; j < l; j++) {
                LinearExpr.Builder rate = LinearExpr.builder();
                LinearExpr.Builder stat = LinearExpr.builder();
                for (int i = 0; i < m; i++) {
                    if (x[i][j] == null) continue;
                    rate.add(x[i][j], p.models().get(i).rate());
                    stat.add(x[i][j], p.models().get(i).staticMemory());
                }
                LinearExpr r = rate.build();
                LinearExpr s = stat.build();
                if (p.maxRate() != Double.POSITIVE_INFINITY) model.addLessOrEqual("c5_" + j, r, p.maxRate());
                if (p.maxMemory() != Double.POSITIVE_INFINITY) {
                    model.addLessOrEqual("c6_" + j, s.plus(1.0, dMax[j]), p.maxMemory());
                }
                for (int i = 0; i < m; i++) {
                    double d = p.models().get(i).dynamicMemory();
                    if (x[i][j] == null || d == 0) continue; // D_j ≥ 0 already
                    model.addGreaterOrEqual("c6max_" + i + "_" + j,
                            LinearExpr.builder().add(dMax[j], 1.0).add(x[i][j], -d).build(), 0.0);
                }
                model.addLessOrEqual("c7hi_" + j, r.plus(-1.0, deltaR), rBar);
                model.addGreaterOrEqual("c7lo_" + j, r.plus(1.0, deltaR), rBar);
                model.addLessOrEqual("c8hi_" + j, s.plus(-1.0, deltaS), sBar);
                model.addGreaterOrEqual("c8lo_" + j, s.plus(1.0, deltaS), sBar);
            }
            for (int i = 0; i < m; i++) {
                LinearExpr.Builder one = LinearExpr.builder();
                for (int j = 0; j < l; j++) if (x[i][j] != null) one.add(x[i][j], 1.0);
                model.addEqual("c9_" + i, one.build(), 1.0);
            }
            CurrentAssignment cur = p.current();
            if (cur != null && cur.maxCost() != Double.POSITIVE_INFINITY) {
                // Σ_i Σ_j c_i y_ij with y_ij = x_ij (x'_ij = 0) or 1 − x_ij (x'_ij = 1).
                LinearExpr.Builder cost = LinearExpr.builder();
                for (int i = 0; i < m; i++) {
                    String name = p.models().get(i).name();
                    double c = cur.moveCost().get(name);
                    if (c == 0) continue;
                    int was = cur.currentOf(name);
                    for (int j = 0; j < l; j++) {
                        if (j == was) {
                            cost.addConstant(c);
                            cost.add(x[i][j], -c);
                        } else {
                            cost.add(x[i][j], c);
                        }
                    }
                }
                model.addLessOrEqual("c11", cost.build(), cur.maxCost());
            }
            model.minimize(LinearExpr.builder().add(deltaR, 1.0).add(deltaS, p.memoryWeight()).build());
        }

        /** Attaches a complete starting point derived from an assignment. */
        void hint(int[] a) {
            PartitionEvaluator.Evaluation e = PartitionEvaluator.evaluate(p, new ArrayScorer(p).toMap(a));
            for (int i = 0; i < x.length; i++) {
                for (int j = 0; j < x[i].length; j++) {
                    if (x[i][j] != null) model.hint(x[i][j], a[i] == j ? 1.0 : 0.0);
                }
            }
            for (int j = 0; j < dMax.length; j++) model.hint(dMax[j], e.maxDynamic()[j]);
            model.hint(deltaR, e.deltaR());
            model.hint(deltaS, e.deltaS());
        }

        /** Model index → sub-cluster from a solution (the x_ij closest to 1 per model). */
        int[] decode(MipSolution sol) {
            int[] a = new int[x.length];
            for (int i = 0; i < x.length; i++) {
                int best = -1;
                double bestV = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < x[i].length; j++) {
                    if (x[i][j] == null) continue;
                    double v = sol.value(x[i][j]);
                    if (v > bestV) {
                        bestV = v;
                        best = j;
                    }
                }
                a[i] = best;
            }
            return a;
        }
    }
}
