package io.baton.core.ipa;

import io.baton.core.solver.MipModel;
import io.baton.core.solver.MipModel.LinearExpr;
import io.baton.core.solver.MipModel.Var;
import io.baton.core.solver.MipSolution;
import io.baton.core.solver.MipSolver;
import io.baton.core.solver.MipSolvers;
import java.time.Duration;
import java.util.Objects;

/**
 * IPA's integer program (§4.4, Eqs. 9–10) as a MILP through the {@link MipSolver} seam (OR-Tools SCIP by default,
 * Gurobi when licensed, as in the paper).
 *
 * <p>Encoding (the artifact's, made linear):
 * <ul>
 *   <li>x[s,m,b] ∈ {0,1}: stage s runs variant m at batch b; Σ_{m,b} x = 1 per stage (Eq. 10d plus one batch size).
 *       I_{s,m} = Σ_b x[s,m,b].</li>
 *   <li>w[s,m,b] ∈ {0…maxReplicas}: the replicas n_s when x[s,m,b] = 1, else 0 (x ≤ w ≤ N·x, N = maxReplicas;
 *       w = fixed·x for RIM's fixed counts). n_s = Σ_{m,b} w[s,m,b] because exactly one x of the stage is 1; this
 *       is tighter than a separate n_s with big-M linking, and solves much faster.</li>
 *   <li>Eq. 10c: h_m(b)·w[s,m,b] ≥ λ·x[s,m,b].</li>
 *   <li>Eq. 10b: Σ_{s,m,b} (l_m(b) + q(b))·x[s,m,b] ≤ SLA_P, with q(b) = (b − 1)/λ (Eq. 7).</li>
 *   <li>Cost Σ_s n_s·R_s = Σ R_m·w[s,m,b]; batch term Σ b·x[s,m,b].</li>
 *   <li>Accuracy: PAS' (Eq. 11) is linear, Σ a'_{s,m}·I_{s,m}. PAS (Eq. 8) is a product; it is built stage by
 *       stage, P_1 = Σ a_{1,m}·I_{1,m} and P_k = Σ_m a_{k,m}·z[k,m] with z[k,m] = P_{k−1}·I_{k,m} linearised exactly
 *       (a bounded continuous times a binary): z ≤ U·I, z ≤ P_{k−1}, z ≥ P_{k−1} − U·(1 − I), z ≥ 0, where U bounds
 *       P_{k−1}. The artifact instead let Gurobi handle the bilinear term (NonConvex=2) for two stages and
 *       enumerated variant combinations for three.</li>
 * </ul>
 * The plan is read from x and scored by {@link IpaPlan#evaluate} (replicas = the fewest meeting Eq. 10c), so both
 * solvers are judged by one piece of code.
 */
public final class MipIpaSolver implements IpaSolver {

    private final MipSolver solver;
    private final Duration timeLimit;

    public MipIpaSolver(MipSolver solver, Duration timeLimit) {
        this.solver = Objects.requireNonNull(solver, "solver");
        this.timeLimit = Objects.requireNonNull(timeLimit, "timeLimit");
    }

    /** The default solver ({@link MipSolvers#defaultSolver()}) with a 60 s limit. */
    public MipIpaSolver() {
        this(MipSolvers.defaultSolver(), Duration.ofSeconds(60));
    }

    @Override
    public String name() {
        return "mip-" + solver.name();
    }

    /** The MILP of Eqs. 9–10 for this problem; x[s][m][b] holds the choice variables (null where m is pinned out). */
    static MipModel model(IpaProblem p, Var[][][] x) {
        MipModel model = new MipModel("ipa-" + p.pipeline().name());
        Pipeline pipe = p.pipeline();
        int N = p.maxReplicas();
        double lambda = p.arrivalRate();
        int[] bs = p.batchSizes();
        LinearExpr.Builder latency = LinearExpr.builder();
        LinearExpr.Builder cost = LinearExpr.builder();
        LinearExpr.Builder batches = LinearExpr.builder();
        LinearExpr.Builder rankSum = LinearExpr.builder();
        LinearExpr prevProduct = null;
        double prevBound = 1;
        for (int s = 0; s < pipe.size(); s++) {
            PipelineStage st = pipe.stage(s);
            int fixed = p.fixedReplicas()[s];
            double[] score = p.accuracyMethod().scores(st);
            LinearExpr.Builder oneHot = LinearExpr.builder();
            LinearExpr[] used = new LinearExpr[st.variants().size()];
            for (int m = 0; m < st.variants().size(); m++) {
                x[s][m] = null;
                if (p.pinnedVariant()[s] >= 0 && p.pinnedVariant()[s] != m) continue;
                ModelVariant v = st.variants().get(m);
                x[s][m] = new Var[bs.length];
                LinearExpr.Builder usedM = LinearExpr.builder();
                for (int k = 0; k < bs.length; k++) {
                    int b = bs[k];
                    String id = s + "_" + m + "_" + b;
                    Var xv = model.addBinary("x_" + id);
                    x[s][m][k] = xv;
                    // w = n_s·x[s,m,b]: the replicas of this choice; n_s = Σ_{m,b} w since exactly one x is 1.
                    Var w = model.addInteger("w_" + id, 0, fixed > 0 ? fixed : N);
                    if (fixed > 0) {
                        model.addEqual("w_fixed_" + id, LinearExpr.builder().add(w, 1).add(xv, -fixed).build(), 0);
                    } else {
                        model.addLessOrEqual("w_le_Nx_" + id, LinearExpr.builder().add(w, 1).add(xv, -N).build(), 0);
                        model.addGreaterOrEqual("w_ge_x_" + id, LinearExpr.builder().add(w, 1).add(xv, -1).build(), 0);
                    }
                    // Eq. 10c
                    model.addGreaterOrEqual("throughput_" + id,
                            LinearExpr.builder().add(w, v.throughput(b)).add(xv, -lambda).build(), 0);
                    latency.add(xv, v.latencyMs(b) + p.queueingMs(b));
                    cost.add(w, v.cores());
                    batches.add(xv, b);
                    oneHot.add(xv, 1);
                    usedM.add(xv, 1);
                }
                used[m] = usedM.build();
                rankSum.add(used[m], score[m]);
            }
            model.addEqual("one_choice_" + s, oneHot.build(), 1); // Eq. 10d
            if (p.accuracyMethod() == AccuracyMethod.PAS) {
                double maxScore = java.util.Arrays.stream(score).max().orElse(1);
                if (prevProduct == null) {
                    LinearExpr.Builder first = LinearExpr.builder();
                    for (int m = 0; m < used.length; m++) if (used[m] != null) first.add(used[m], score[m]);
                    prevProduct = first.build();
                } else {
                    LinearExpr.Builder next = LinearExpr.builder();
                    for (int m = 0; m < used.length; m++) {
                        if (used[m] == null) continue;
                        Var z = model.addContinuous("z_" + s + "_" + m, 0, prevBound);
                        String id = s + "_" + m;
                        model.addLessOrEqual("z_le_UI_" + id, LinearExpr.of(z).plus(used[m].times(-prevBound)), 0);
                        model.addLessOrEqual("z_le_P_" + id, LinearExpr.of(z).plus(prevProduct.times(-1)), 0);
                        model.addGreaterOrEqual("z_ge_P_" + id,
                                LinearExpr.of(z).plus(prevProduct.times(-1)).plus(used[m].times(-prevBound)), -prevBound);
                        next.add(z, score[m]);
                    }
                    prevProduct = next.build();
                }
                prevBound *= maxScore;
            }
        }
        model.addLessOrEqual("latency_sla", latency.build(), p.slaMs()); // Eq. 10b
        Weights wt = p.weights();
        LinearExpr accuracy = p.accuracyMethod() == AccuracyMethod.PAS ? prevProduct : rankSum.build();
        model.maximize(LinearExpr.builder().add(accuracy, wt.alpha()).add(cost.build(), -wt.beta())
                .add(batches.build(), -wt.delta()).build()); // Eq. 9
        return model;
    }

    @Override
    public IpaPlan solve(IpaProblem p) {
        Pipeline pipe = p.pipeline();
        Var[][][] x = new Var[pipe.size()][][];
        for (int s = 0; s < pipe.size(); s++) x[s] = new Var[pipe.stage(s).variants().size()][];
        MipModel model = model(p, x);
        MipSolution sol = solver.solve(model, timeLimit);
        if (sol.status() == MipSolution.Status.ERROR) {
            throw new IllegalStateException("MIP solver failed: " + sol.detail());
        }
        if (!sol.hasSolution()) return IpaPlan.infeasible();
        int[] variant = new int[pipe.size()];
        int[] batch = new int[pipe.size()];
        for (int s = 0; s < pipe.size(); s++) {
            for (int m = 0; m < x[s].length; m++) {
                if (x[s][m] == null) continue;
                for (int k = 0; k < x[s][m].length; k++) {
                    if (sol.isOne(x[s][m][k])) {
                        variant[s] = m;
                        batch[s] = p.batchSizes()[k];
                    }
                }
            }
        }
        return IpaPlan.evaluate(p, variant, batch);
    }
}
