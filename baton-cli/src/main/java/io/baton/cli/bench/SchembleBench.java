package io.baton.cli.bench;

import io.baton.core.policy.Aggregator;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.Planner;
import io.baton.core.policy.PolicyIds;
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
import io.baton.core.schemble.SchemblePlan;
import io.baton.core.schemble.SchemblePlanner;
import io.baton.core.schemble.ScoreBins;
import io.baton.core.schemble.difficulty.PredictorQuality;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * {@code baton bench schemble}: Schemble's Exp-1 (accuracy against the full ensemble and deadline-miss
 * rate per deadline and policy, Poisson, bursty and one-day-trace traffic, rejection on) and Exp-2 (no rejection:
 * accuracy and latency), over recorded per-sample ensemble outputs, plus the planner's speed on 32
 * buffered queries.
 *
 * <p>{@link Data} says what is replayed: profiling samples (temperatures, bins, (bin, subset) table,
 * DES/gating training) and query samples, each with features for DES and gating, and the queries'
 * predicted scores. With real data ({@link FashionMnistEnsemble}) the predicted scores are the trained
 * difficulty predictors' (ONNX Runtime), and the predictor's measured latency ({@link Config#enrichMs})
 * is charged where each policy runs it. Schemble, schemble-ea and the greedy ablations run it on buffered
 * queries only (§VIII: the predictor "processes queries in the extra query buffer"; a query that finds an
 * idle model goes to it directly), so {@link SchembleDispatcher} charges it there. Gating and DES select
 * at arrival from the predictor's trunk, so every query pays it at the edge: it reaches the dispatcher
 * that much after it arrived, its deadline unchanged, and its latency is counted from its arrival. Without
 * predictions ({@link Data#halves}, the synthetic or file mode) a query's predicted score is its true
 * score times a log-normal error (σ = 0.3) and nothing is charged.
 *
 * <p>Correctness is exact: the outputs of the models that ran are averaged and compared with the full
 * ensemble's class. In Exp-1 a dropped or late query is wrong; in Exp-2 (no rejection) late answers are
 * scored like any other, since lateness is what its latency columns report ({@link #answerCounts}).
 */
public final class SchembleBench {
    public static final List<String> POLICIES = List.of(PolicyIds.SCHEMBLE, "schemble-ea", "original", "static", "gating", "des",
            "greedy-edf", "greedy-fifo", "greedy-sjf");
    /** The policies that run the predictor's trunk (their features) at the edge, on every query before it reaches the dispatcher. */
    static final Set<String> ENRICHED = Set.of("gating", "des");
    /** The policies whose dispatcher runs the difficulty predictor on buffered queries ({@link SchembleDispatcher}). */
    static final Set<String> BUFFER_PREDICTED = Set.of(PolicyIds.SCHEMBLE, "schemble-ea", "greedy-edf", "greedy-fifo", "greedy-sjf");

    /**
     * What the bench replays.
     *
     * @param profileFeatures per profiling sample, the DES/gating features (null: those baselines are left out)
     * @param testFeatures    per query sample, likewise
     * @param predictedScore  per query sample, the predicted discrepancy score; null: the true score with noise
     * @param predictedEa     per query sample, the predicted ensemble agreement (Schemble(ea)); null likewise
     */
    public record Data(List<String> models, List<EnsembleSample> profile, List<EnsembleSample> test, double[][] profileFeatures,
                       double[][] testFeatures, double[] predictedScore, double[] predictedEa) {

        /** A file or synthetic ensemble: the first half profiles, the second half is replayed; no predictions. */
        public static Data halves(EnsembleOutputs o) {
            int half = o.samples().size() / 2;
            double[][] f = o.features() == null ? null : o.features().toArray(new double[0][]);
            return new Data(o.models(), o.samples().subList(0, half), o.samples().subList(half, o.samples().size()),
                    f == null ? null : Arrays.copyOfRange(f, 0, half), f == null ? null : Arrays.copyOfRange(f, half, f.length), null, null);
        }
    }

    /** @param enrichMs the predictor's latency: at the edge for the {@link #ENRICHED} policies, on buffered queries for the {@link #BUFFER_PREDICTED} */
    public record Config(Data data, double[] latencyMs, double enrichMs, double[] deadlinesMs, double rate, double durationMs,
                         int bins, double delta, long seed) {
        public Config(EnsembleOutputs outputs, double[] latencyMs, double[] deadlinesMs, double rate, double durationMs, int bins,
                      double delta, long seed) {
            this(Data.halves(outputs), latencyMs, 0, deadlinesMs, rate, durationMs, bins, delta, seed);
        }
    }

    private final Config cfg;
    private final Aggregator avg;
    private final EnsembleCluster cluster;
    private final List<EnsembleSample> profile, test;
    private final int[] truth;
    private final double[][] rowsDis, rowsEa;
    private final PredictorQuality scoreQuality, eaQuality;
    private final KnoraE des;
    private final GatingNetwork gating;
    private final double[][] testFeatures;

    public SchembleBench(Config cfg) {
        this.cfg = cfg;
        Data data = cfg.data();
        int m = data.models().size();
        double[] ones = new double[m];
        Arrays.fill(ones, 1);
        avg = Aggregators.weightedAveraging(ones);
        cluster = EnsembleCluster.onePerModel(data.models(), cfg.latencyMs());
        profile = data.profile();
        test = data.test();
        truth = test.stream().mapToInt(s -> Aggregators.argmax(avg.aggregate(s.outputs()))).toArray();
        SplittableRandom rnd = new SplittableRandom(cfg.seed());
        DiscrepancyScore dis = DiscrepancyScore.fitClassification(profile, avg);
        Profiled d = rows(dis::score, data.predictedScore(), rnd), e = rows(SchembleBench::agreement, data.predictedEa(), rnd);
        rowsDis = d.rows;
        rowsEa = e.rows;
        scoreQuality = d.quality;
        eaQuality = e.quality;
        if (data.profileFeatures() != null && data.testFeatures() != null) {
            double[][] fx = data.profileFeatures();
            boolean[][] correct = new boolean[profile.size()][m];
            for (int i = 0; i < profile.size(); i++) {
                int en = Aggregators.argmax(avg.aggregate(profile.get(i).outputs()));
                for (int k = 0; k < m; k++) correct[i][k] = Aggregators.argmax(profile.get(i).outputs()[k]) == en;
            }
            des = new KnoraE(fx, correct, 7);
            gating = GatingNetwork.train(fx, correct, 1.0 / m, 300, 0.5);
            testFeatures = data.testFeatures();
        } else {
            des = null;
            gating = null;
            testFeatures = null;
        }
    }

    /** How well the predicted discrepancy score and agreement track the true ones on the queries (null without predictions). */
    public PredictorQuality scoreQuality() {
        return scoreQuality;
    }

    public PredictorQuality eaQuality() {
        return eaQuality;
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

    private record Profiled(double[][] rows, PredictorQuality quality) {}

    /**
     * Bins and table from the profiling samples; each query's row at its predicted score: the predictor's when
     * given (with its quality against the true scores), else the true score with noise.
     */
    private Profiled rows(ToDoubleFunction<EnsembleSample> score, double[] predicted, SplittableRandom rnd) {
        double[] s = profile.stream().mapToDouble(score).toArray();
        ScoreBins bins = ScoreBins.quantiles(s, cfg.bins());
        AccuracyProfile table = AccuracyProfile.measure(profile, score, bins, avg);
        double[][] rows = new double[test.size()][];
        double[] truthScores = new double[test.size()];
        for (int i = 0; i < test.size(); i++) {
            truthScores[i] = score.applyAsDouble(test.get(i));
            double err = Math.exp(0.3 * Math.sqrt(-2 * Math.log(Math.max(rnd.nextDouble(), 1e-300))) * Math.cos(2 * Math.PI * rnd.nextDouble()));
            rows[i] = table.row(predicted != null ? predicted[i] : truthScores[i] * err);
        }
        return new Profiled(rows, predicted == null ? null : PredictorQuality.of(truthScores, predicted, bins));
    }

    /**
     * The traffic of Exp-1's rows. Poisson at the mean rate; bursty: 3× the base rate for 2 s in every 10 s, same
     * mean (short bursts a buffer absorbs); day: the paper's one-day trace shape compressed into the run
     * ({@link OneDayTrace}: light, then a 30× burst over 10–18 h), same mean.
     */
    public enum Traffic {
        POISSON, BURSTY, DAY;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    List<EnsembleSimulator.Arrival> arrivals(Traffic traffic, double deadline, boolean ea, double enrichMs) {
        SplittableRandom rnd = new SplittableRandom(cfg.seed() * 31 + traffic.ordinal());
        OneDayTrace day = new OneDayTrace(cfg.rate(), cfg.durationMs());
        double base = traffic == Traffic.BURSTY ? cfg.rate() * 10 / 14 : cfg.rate();
        double peak = switch (traffic) {
            case POISSON -> cfg.rate();
            case BURSTY -> 3 * base;
            case DAY -> day.peakPerSec();
        };
        List<EnsembleSimulator.Arrival> out = new ArrayList<>();
        double t = 0;
        int i = 0;
        while (true) {
            t += -Math.log(1 - rnd.nextDouble()) * 1000 / peak;
            if (t >= cfg.durationMs()) break;
            double rateNow = switch (traffic) {
                case POISSON -> peak;
                case BURSTY -> (t % 10_000) >= 2_000 ? base : peak;
                case DAY -> day.ratePerSec(t);
            };
            if (rnd.nextDouble() * peak > rateNow) continue;
            int sample = i++ % test.size();
            double[] f = testFeatures == null ? null : testFeatures[sample];
            out.add(new EnsembleSimulator.Arrival(t + enrichMs, t + deadline,
                    new EnsembleQuery(sample, 0, (ea ? rowsEa : rowsDis)[sample], f)));
        }
        return out;
    }

    public record Row(String policy, String traffic, double deadlineMs, double accuracy, double missRate, double meanMs,
                      double p95Ms, double maxMs) {}

    public Row run(String policy, Traffic traffic, double deadline, boolean rejection) {
        double enrich = enrichMs(policy);
        List<EnsembleSimulator.Arrival> arrivals = arrivals(traffic, deadline, policy.equals("schemble-ea"), enrich);
        EnsembleCluster cl = policy.equals("static") ? staticCluster(traffic, deadline) : cluster;
        List<QueryOutcome> out = EnsembleSimulator.run(cl, dispatcher(policy, cl, rejection), arrivals);
        int correct = 0, missed = 0;
        double[] lat = new double[out.size()];
        int served = 0;
        for (QueryOutcome o : out) {
            if (!o.dropped()) lat[served++] = o.latencyMs() + enrich; // from the arrival, before the predictor ran
            if (!o.met()) missed++;
            if (answerCounts(o, rejection) && agreesWithEnsemble(o)) correct++;
        }
        double[] l = Arrays.copyOf(lat, served);
        Arrays.sort(l);
        double mean = Arrays.stream(l).average().orElse(Double.NaN);
        return new Row(policy, traffic.label(), deadline, 100.0 * correct / out.size(), 100.0 * missed / out.size(),
                mean, served == 0 ? Double.NaN : l[(int) Math.min(served - 1, Math.ceil(0.95 * served) - 1)],
                served == 0 ? Double.NaN : l[served - 1]);
    }

    /** What the policy pays at the edge before its query reaches the dispatcher. */
    double enrichMs(String policy) {
        return ENRICHED.contains(policy) ? cfg.enrichMs() : 0;
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

    /** The planner behind a buffer-planning policy: Algorithm 1, or one of the greedy ablations. */
    private static Planner<PlanningProblem, SchemblePlan> planner(String policy) {
        return switch (policy) {
            case "greedy-edf" -> new GreedyPlanner(GreedyPlanner.Order.EDF);
            case "greedy-fifo" -> new GreedyPlanner(GreedyPlanner.Order.FIFO);
            case "greedy-sjf" -> new GreedyPlanner(GreedyPlanner.Order.SJF);
            default -> new SchemblePlanner();
        };
    }

    private Dispatcher dispatcher(String policy, EnsembleCluster cl, boolean rejection) {
        int all = cluster.allMask();
        return switch (policy) {
            case PolicyIds.SCHEMBLE, "schemble-ea", "greedy-edf", "greedy-fifo", "greedy-sjf" ->
                    new SchembleDispatcher(policy, cl, planner(policy), cfg.delta(), rejection, PlanningCost.measured(), cfg.enrichMs());
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
    private EnsembleCluster staticCluster(Traffic traffic, double deadline) {
        int m = cluster.models(), chosen = 0;
        double best = -1;
        while (true) {
            int pick = -1;
            double pickAcc = best;
            for (int k = 0; k < m; k++) {
                if ((chosen >>> k & 1) != 0) continue;
                staticMask = chosen | 1 << k;
                EnsembleCluster cl = replicas(staticMask);
                double acc = run("static-trial", traffic, deadline, cl);
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

    private double run(String tag, Traffic traffic, double deadline, EnsembleCluster cl) {
        List<QueryOutcome> out = EnsembleSimulator.run(cl, new ArrivalSelectionDispatcher(tag, cl, q -> staticMask, true),
                arrivals(traffic, deadline, false, 0));
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

    /** DES and gating need features; without them they are left out. */
    boolean runs(String policy) {
        return testFeatures != null || !(policy.equals("gating") || policy.equals("des"));
    }

    private boolean warm;

    /**
     * Runs the planners once, unmeasured, before the first measured run: their planning time is charged as
     * measured wall time, and a cold JIT would otherwise charge whichever policy happens to run first.
     */
    private void warmUp() {
        if (warm) return;
        warm = true;
        Config short10s = new Config(cfg.data(), cfg.latencyMs(), cfg.enrichMs(), cfg.deadlinesMs(), cfg.rate(),
                Math.min(cfg.durationMs(), 10_000), cfg.bins(), cfg.delta(), cfg.seed());
        SchembleBench warmUp = new SchembleBench(short10s);
        for (String p : List.of(PolicyIds.SCHEMBLE, "greedy-edf")) warmUp.run(p, Traffic.BURSTY, cfg.deadlinesMs()[cfg.deadlinesMs().length - 1], true);
    }

    public List<Row> exp1() {
        warmUp();
        List<Row> rows = new ArrayList<>();
        for (Traffic traffic : Traffic.values()) {
            for (double dl : cfg.deadlinesMs()) {
                for (String p : POLICIES) {
                    if (!runs(p)) continue;
                    rows.add(run(p, traffic, dl, true));
                }
            }
        }
        return rows;
    }

    public List<Row> exp2(double deadline) {
        warmUp();
        List<Row> rows = new ArrayList<>();
        for (String p : POLICIES) {
            if (!runs(p)) continue;
            rows.add(run(p, Traffic.BURSTY, deadline, false));
        }
        return rows;
    }

    public static void printExp1(List<Row> rows, PrintStream out) {
        out.println("Exp-1 (rejection on): accuracy vs the full ensemble % / deadline-miss rate %");
        List<String> columns = rows.stream().map(Row::policy).distinct().toList();
        out.printf("%-8s %8s", "traffic", "deadline");
        for (String p : columns) out.printf(" %12s", p);
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
            line.append(String.format(" %12s", String.format("%.1f/%.1f", r.accuracy(), r.missRate())));
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
            PlanningProblem p = plannerProblem(rnd, delta, queries);
            long t0 = System.nanoTime();
            sink += planner.plan(p).quantizedUnits();
            long t1 = System.nanoTime();
            if (rep >= 0) times[rep] = (t1 - t0) / 1e6;
        }
        if (sink == 42) System.out.print("");
        Arrays.sort(times);
        return new double[] {times[repetitions / 2], times[(int) (repetitions * 0.99)]};
    }

    /**
     * One buffered round as the planner's latency target states it: {@code queries} queries over three models (10, 40
     * and 50 ms, each busy for a random part of its latency), deadlines 60–150 ms, a single model worth 0.6–0.95 and
     * each added model a diminishing share of the rest (Assumption 1), the full set worth 1.
     */
    public static PlanningProblem plannerProblem(SplittableRandom rnd, double delta, int queries) {
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
        return new PlanningProblem(0, delta, models, qs);
    }
}
