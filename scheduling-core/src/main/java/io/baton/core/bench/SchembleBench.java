package io.baton.core.bench;

import io.baton.core.policy.Aggregator;
import io.baton.core.policy.Dispatcher;
import io.baton.core.schemble.AccuracyProfile;
import io.baton.core.schemble.Aggregators;
import io.baton.core.schemble.ArrivalSelectionDispatcher;
import io.baton.core.schemble.DiscrepancyScore;
import io.baton.core.schemble.Distances;
import io.baton.core.schemble.EnsembleCluster;
import io.baton.core.schemble.EnsembleOutputs;
import io.baton.core.schemble.EnsembleQuery;
import io.baton.core.schemble.EnsembleSample;
import io.baton.core.schemble.EnsembleSimulator;
import io.baton.core.schemble.GatingNetwork;
import io.baton.core.schemble.GreedyPlanner;
import io.baton.core.schemble.KnoraE;
import io.baton.core.schemble.PlannerModel;
import io.baton.core.schemble.PlannerQuery;
import io.baton.core.schemble.PlanningCost;
import io.baton.core.schemble.PlanningProblem;
import io.baton.core.schemble.QueryOutcome;
import io.baton.core.schemble.SchembleDispatcher;
import io.baton.core.schemble.SchemblePlanner;
import io.baton.core.schemble.ScoreBins;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToIntFunction;

/**
 * {@code baton bench schemble}: Schemble's Exp-1 (accuracy against the full ensemble and deadline-miss
 * rate per deadline and policy, Poisson and bursty traffic, rejection on) and Exp-2 (no rejection:
 * accuracy and latency), over recorded per-sample ensemble outputs ({@link EnsembleOutputs}), plus the
 * planner's speed on 32 buffered queries.
 *
 * <p>The first half of the samples profiles (temperatures, bins, (bin, subset) table, DES/gating
 * training); queries replay the second half. The difficulty predictor is out of scope here: a query's
 * predicted score is its true score times a log-normal error (σ = 0.3). Correctness is exact: the
 * outputs of the models that ran are averaged and compared with the full ensemble's class. In Exp-1 a
 * dropped or late query is wrong; in Exp-2 (no rejection) late answers are scored like any other, since
 * lateness is what its latency columns report ({@link #answerCounts}).
 */
public final class SchembleBench {
    public static final List<String> POLICIES = List.of("schemble", "schemble-ea", "original", "static", "gating", "des",
            "greedy-edf", "greedy-fifo", "greedy-sjf");

    public record Config(EnsembleOutputs data, double[] latencyMs, double[] deadlinesMs, double rate, double durationMs,
                         int bins, double delta, long seed) {}

    private final Config cfg;
    private final Aggregator avg;
    private final EnsembleCluster cluster;
    private final List<EnsembleSample> profile, test;
    private final int[] truth;
    private final double[][] rowsDis, rowsEa;
    private final KnoraE des;
    private final GatingNetwork gating;
    private final double[][] testFeatures;

    public SchembleBench(Config cfg) {
        this.cfg = cfg;
        int m = cfg.data().models().size();
        double[] ones = new double[m];
        Arrays.fill(ones, 1);
        avg = Aggregators.weightedAveraging(ones);
        cluster = EnsembleCluster.onePerModel(cfg.data().models(), cfg.latencyMs());
        List<EnsembleSample> all = cfg.data().samples();
        int half = all.size() / 2;
        profile = all.subList(0, half);
        test = all.subList(half, all.size());
        truth = test.stream().mapToInt(s -> Aggregators.argmax(avg.aggregate(s.outputs()))).toArray();
        SplittableRandom rnd = new SplittableRandom(cfg.seed());
        DiscrepancyScore dis = DiscrepancyScore.fitClassification(profile, avg);
        rowsDis = rows(dis::score, rnd);
        rowsEa = rows(SchembleBench::agreement, rnd);
        if (cfg.data().features() != null) {
            List<double[]> f = cfg.data().features();
            double[][] fx = f.subList(0, half).toArray(new double[0][]);
            boolean[][] correct = new boolean[half][m];
            for (int i = 0; i < half; i++) {
                int e = Aggregators.argmax(avg.aggregate(profile.get(i).outputs()));
                for (int k = 0; k < m; k++) correct[i][k] = Aggregators.argmax(profile.get(i).outputs()[k]) == e;
            }
            des = new KnoraE(fx, correct, 7);
            gating = GatingNetwork.train(fx, correct, 1.0 / m, 300, 0.5);
            testFeatures = f.subList(half, f.size()).toArray(new double[0][]);
        } else {
            des = null;
            gating = null;
            testFeatures = null;
        }
    }

    /** Ensemble agreement (Schemble(ea)): mean symmetric KL between pairs of base outputs. */
    static double agreement(EnsembleSample s) {
        double sum = 0;
        int pairs = 0;
        for (int a = 0; a < s.models(); a++) {
            for (int b = a + 1; b < s.models(); b++) {
                sum += Distances.symmetricKl(toDouble(s.outputs()[a]), toDouble(s.outputs()[b]));
                pairs++;
            }
        }
        return pairs == 0 ? 0 : sum / pairs;
    }

    private static double[] toDouble(float[] v) {
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) d[i] = v[i];
        return d;
    }

    /** Bins and table from the profiling half; each test sample's row at its (noisy) predicted score. */
    private double[][] rows(java.util.function.ToDoubleFunction<EnsembleSample> score, SplittableRandom rnd) {
        double[] s = profile.stream().mapToDouble(score).toArray();
        ScoreBins bins = ScoreBins.quantiles(s, cfg.bins());
        AccuracyProfile table = AccuracyProfile.measure(profile, score, bins, avg);
        double[][] rows = new double[test.size()][];
        for (int i = 0; i < test.size(); i++) {
            double err = Math.exp(0.3 * Math.sqrt(-2 * Math.log(Math.max(rnd.nextDouble(), 1e-300))) * Math.cos(2 * Math.PI * rnd.nextDouble()));
            rows[i] = table.row(score.applyAsDouble(test.get(i)) * err);
        }
        return rows;
    }

    /** Poisson arrivals at the mean rate; bursty: 3× the base rate for 2 s in every 10 s, same mean. */
    List<EnsembleSimulator.Arrival> arrivals(boolean bursty, double deadline, boolean ea) {
        SplittableRandom rnd = new SplittableRandom(cfg.seed() * 31 + (bursty ? 1 : 0));
        double base = bursty ? cfg.rate() * 10 / 14 : cfg.rate(), peak = bursty ? 3 * base : base;
        List<EnsembleSimulator.Arrival> out = new ArrayList<>();
        double t = 0;
        int i = 0;
        while (true) {
            t += -Math.log(1 - rnd.nextDouble()) * 1000 / peak;
            if (t >= cfg.durationMs()) break;
            double rateNow = bursty && (t % 10_000) >= 2_000 ? base : peak;
            if (rnd.nextDouble() * peak > rateNow) continue;
            int sample = i++ % test.size();
            double[] f = testFeatures == null ? null : testFeatures[sample];
            out.add(new EnsembleSimulator.Arrival(t, t + deadline,
                    new EnsembleQuery(sample, 0, (ea ? rowsEa : rowsDis)[sample], f)));
        }
        return out;
    }

    public record Row(String policy, String traffic, double deadlineMs, double accuracy, double missRate, double meanMs,
                      double p95Ms, double maxMs) {}

    public Row run(String policy, boolean bursty, double deadline, boolean rejection) {
        List<EnsembleSimulator.Arrival> arrivals = arrivals(bursty, deadline, policy.equals("schemble-ea"));
        EnsembleCluster cl = policy.equals("static") ? staticCluster(bursty, deadline) : cluster;
        List<QueryOutcome> out = EnsembleSimulator.run(cl, dispatcher(policy, cl, rejection), arrivals);
        int correct = 0, missed = 0;
        double[] lat = new double[out.size()];
        int served = 0;
        for (QueryOutcome o : out) {
            if (!o.dropped()) lat[served++] = o.latencyMs();
            if (!o.met()) missed++;
            if (answerCounts(o, rejection) && agreesWithEnsemble(o)) correct++;
        }
        double[] l = Arrays.copyOf(lat, served);
        Arrays.sort(l);
        double mean = Arrays.stream(l).average().orElse(Double.NaN);
        return new Row(policy, bursty ? "bursty" : "poisson", deadline, 100.0 * correct / out.size(), 100.0 * missed / out.size(),
                mean, served == 0 ? Double.NaN : l[(int) Math.min(served - 1, Math.ceil(0.95 * served) - 1)],
                served == 0 ? Double.NaN : l[served - 1]);
    }

    /**
     * Whether a query's answer is scored for accuracy. With rejection (Exp-1) a late answer is as good as
     * none, so only queries that met their deadline count. Without rejection (Exp-2) every query is
     * answered and the deadline is what the latency columns measure, so late answers count too.
     */
    static boolean answerCounts(QueryOutcome o, boolean rejection) {
        return rejection ? o.met() : !o.dropped();
    }

    /** The average of the outputs of the models that ran picks the full ensemble's class. */
    private boolean agreesWithEnsemble(QueryOutcome o) {
        float[][] ran = new float[cluster.models()][];
        for (int k = 0; k < ran.length; k++) if ((o.ranMask() >>> k & 1) != 0) ran[k] = test.get(o.sample()).outputs()[k];
        return Aggregators.argmax(avg.aggregate(ran)) == truth[o.sample()];
    }

    private Dispatcher dispatcher(String policy, EnsembleCluster cl, boolean rejection) {
        int all = cluster.allMask();
        return switch (policy) {
            case "schemble", "schemble-ea" -> new SchembleDispatcher(policy, cl, new SchemblePlanner(), cfg.delta(), rejection, PlanningCost.measured());
            case "greedy-edf" -> new SchembleDispatcher(policy, cl, new GreedyPlanner(GreedyPlanner.Order.EDF), cfg.delta(), rejection, PlanningCost.measured());
            case "greedy-fifo" -> new SchembleDispatcher(policy, cl, new GreedyPlanner(GreedyPlanner.Order.FIFO), cfg.delta(), rejection, PlanningCost.measured());
            case "greedy-sjf" -> new SchembleDispatcher(policy, cl, new GreedyPlanner(GreedyPlanner.Order.SJF), cfg.delta(), rejection, PlanningCost.measured());
            case "original" -> new ArrivalSelectionDispatcher(policy, cl, q -> all, rejection);
            case "static" -> new ArrivalSelectionDispatcher(policy, cl, q -> staticMask, rejection);
            case "gating" -> selection(policy, cl, gating == null ? null : q -> gating.select(q.features), rejection);
            case "des" -> selection(policy, cl, des == null ? null : q -> des.select(q.features), rejection);
            default -> throw new IllegalArgumentException("unknown policy " + policy);
        };
    }

    private Dispatcher selection(String policy, EnsembleCluster cl, ToIntFunction<EnsembleQuery> sel, boolean rejection) {
        if (sel == null) throw new IllegalStateException(policy + " needs per-sample features in the outputs file");
        return new ArrivalSelectionDispatcher(policy, cl, sel, rejection);
    }

    private int staticMask;

    /**
     * Static: the best fixed subset by greedy search (start from the best single model, add the model
     * that helps most while accuracy on this deadline and traffic improves), each model on one device,
     * and the devices of the models left out hosting replicas of the chosen ones, slowest first (no
     * memory sizes are recorded, so one model fills one device).
     */
    private EnsembleCluster staticCluster(boolean bursty, double deadline) {
        int m = cluster.models(), chosen = 0;
        double best = -1;
        while (true) {
            int pick = -1;
            double pickAcc = best;
            for (int k = 0; k < m; k++) {
                if ((chosen >>> k & 1) != 0) continue;
                staticMask = chosen | 1 << k;
                EnsembleCluster cl = replicas(staticMask);
                double acc = run("static-trial", bursty, deadline, cl);
                if (acc > pickAcc) {
                    pickAcc = acc;
                    pick = k;
                }
            }
            if (pick < 0) break;
            chosen |= 1 << pick;
            best = pickAcc;
        }
        staticMask = chosen;
        return replicas(chosen);
    }

    private double run(String tag, boolean bursty, double deadline, EnsembleCluster cl) {
        List<QueryOutcome> out = EnsembleSimulator.run(cl, new ArrivalSelectionDispatcher(tag, cl, q -> staticMask, true),
                arrivals(bursty, deadline, false));
        int correct = 0;
        for (QueryOutcome o : out) if (answerCounts(o, true) && agreesWithEnsemble(o)) correct++;
        return (double) correct / out.size();
    }

    private EnsembleCluster replicas(int mask) {
        return replicas(cluster, mask);
    }

    /**
     * Static's placement: the chosen models on the first devices, slowest first, then the devices of the
     * models left out host replicas of the chosen ones, again slowest first, round robin.
     */
    static EnsembleCluster replicas(EnsembleCluster cluster, int mask) {
        int m = cluster.models();
        List<Integer> chosen = new ArrayList<>();
        for (int k = 0; k < m; k++) if ((mask >>> k & 1) != 0) chosen.add(k);
        chosen.sort((a, b) -> Double.compare(cluster.latencyMs()[b], cluster.latencyMs()[a]));
        int[] map = new int[m];
        int d = 0;
        for (int k : chosen) map[d++] = k;
        for (int i = 0; d < m; i++) map[d++] = chosen.get(i % chosen.size());
        return new EnsembleCluster(cluster.modelNames(), cluster.latencyMs(), map);
    }

    public List<Row> exp1() {
        List<Row> rows = new ArrayList<>();
        for (boolean bursty : new boolean[] {false, true}) {
            for (double dl : cfg.deadlinesMs()) {
                for (String p : POLICIES) {
                    if ((p.equals("gating") || p.equals("des")) && cfg.data().features() == null) continue;
                    rows.add(run(p, bursty, dl, true));
                }
            }
        }
        return rows;
    }

    public List<Row> exp2(double deadline) {
        List<Row> rows = new ArrayList<>();
        for (String p : POLICIES) {
            if ((p.equals("gating") || p.equals("des")) && cfg.data().features() == null) continue;
            rows.add(run(p, true, deadline, false));
        }
        return rows;
    }

    public static void printExp1(List<Row> rows, PrintStream out) {
        out.println("Exp-1 (rejection on): accuracy vs the full ensemble % / deadline-miss rate %");
        out.printf("%-8s %8s", "traffic", "deadline");
        for (String p : POLICIES) out.printf(" %15s", p);
        out.println();
        String traffic = null;
        double dl = Double.NaN;
        StringBuilder line = null;
        for (Row r : rows) {
            if (!r.traffic().equals(traffic) || r.deadlineMs() != dl) {
                if (line != null) out.println(line);
                traffic = r.traffic();
                dl = r.deadlineMs();
                line = new StringBuilder(String.format("%-8s %8.0f", traffic, dl));
            }
            line.append(String.format(" %15s", String.format("%.1f/%.1f", r.accuracy(), r.missRate())));
        }
        if (line != null) out.println(line);
    }

    public static void printExp2(List<Row> rows, PrintStream out) {
        out.println("Exp-2 (no rejection, bursty traffic): accuracy %, latency ms");
        out.printf("%-12s %8s %9s %9s %9s%n", "policy", "acc", "mean", "p95", "max");
        for (Row r : rows) out.printf("%-12s %8.1f %9.1f %9.1f %9.1f%n", r.policy(), r.accuracy(), r.meanMs(), r.p95Ms(), r.maxMs());
    }

    /** Median wall time of Algorithm 1 on 32 buffered queries over 3 models (busy models, deadlines 60–150 ms). */
    public static double[] plannerSpeed(double delta, int queries, int repetitions, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        SchemblePlanner planner = new SchemblePlanner();
        double[] times = new double[repetitions];
        long sink = 0;
        for (int rep = -repetitions; rep < repetitions; rep++) { // first half warms the JIT up
            List<PlannerModel> models = List.of(new PlannerModel("m0", 10, rnd.nextDouble() * 10),
                    new PlannerModel("m1", 40, rnd.nextDouble() * 40), new PlannerModel("m2", 50, rnd.nextDouble() * 50));
            List<PlannerQuery> qs = new ArrayList<>();
            for (int i = 0; i < queries; i++) {
                double single = 0.6 + 0.35 * rnd.nextDouble();
                double[] u = new double[8];
                for (int s = 1; s < 8; s++) u[s] = Math.min(1, single + (Integer.bitCount(s) - 1) * (1 - single) / 2 * (0.5 + rnd.nextDouble() * 0.5));
                u[7] = 1;
                qs.add(new PlannerQuery("q" + i, 60 + rnd.nextDouble() * 90, u));
            }
            PlanningProblem p = new PlanningProblem(0, delta, models, qs);
            long t0 = System.nanoTime();
            sink += planner.plan(p).quantizedUnits();
            long t1 = System.nanoTime();
            if (rep >= 0) times[rep] = (t1 - t0) / 1e6;
        }
        if (sink == 42) System.out.print("");
        Arrays.sort(times);
        return new double[] {times[repetitions / 2], times[(int) (repetitions * 0.99)]};
    }
}
