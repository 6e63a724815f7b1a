package io.baton.cli.bench;

import io.baton.core.interference.ContentionModel;
import io.baton.core.interference.DeviceClass;
import io.baton.core.interference.FluidCapacity;
import io.baton.core.interference.InterferencePlanner;
import io.baton.core.interference.InterferencePredictor;
import io.baton.core.interference.InterferenceWorkload;
import io.baton.core.interference.InterferenceWorld;
import io.baton.core.interference.MeasuredInterference;
import io.baton.core.interference.MlpInterferencePredictor;
import io.baton.core.interference.ModelProfile;
import io.baton.core.interference.PlanGoal;
import io.baton.core.interference.Platform;
import io.baton.core.interference.SampledSimulator;
import io.baton.core.interference.SlowdownTable;
import io.baton.core.interference.SubModel;
import io.baton.core.interference.SyntheticModel;
import io.baton.core.interference.TrainingSet;
import io.baton.core.interference.WorkloadModel;
import io.baton.core.interference.XavierLike;
import io.baton.core.policy.PolicyIds;
import io.baton.core.sim.SimulationResult;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code baton bench interference}: the interference paper's evaluation (§VI) on the Xavier-like world.
 * <ol>
 *   <li>Predictor accuracy per sub-model (§IV-D, Fig. 5): the MLP trained on 155 random models, tested on every
 *       co-location of the 14 zoo models.</li>
 *   <li>Goodput (§VI-B, Fig. 7) of each policy on the 8 sets × 5 mixes of Table IV at a fixed offered load
 *       ({@code --load}, default 1.0 × the mix's interference-free fluid capacity), SLO 12× GPU latency,
 *       normalised to Base.</li>
 *   <li>99%-SLO throughput (§VI-C, Fig. 8): the highest offered load (bisection over the mix's scale) at which
 *       ≥ 99% of requests finish within SLO, the planning policies planning for that goal at every probe.</li>
 *   <li>The planner's cost: 1,000 sampled matrices of the largest set, in CPU time of one thread.</li>
 * </ol>
 * Setup, against §VI-A/B where the paper is silent:
 * <ul>
 *   <li>Policies: {@code base} is the paper's affinity partition ({@link io.baton.core.interference.AffinityPlacement});
 *       {@code base-fair} equal shares within the DLA context limit; the planning policies plan with 1,000
 *       matrices under the same limit (at most 2 models per DLA). {@code base-wc}, work-conserving affinity over
 *       every model on every device, is not in the paper and ignores the context limit; it is reported beside
 *       the others as an upper reference for an affinity baseline.</li>
 *   <li>Load: the paper gives no request rate for its goodput runs; here 1.0 × the mix's interference-free
 *       fluid capacity (a saturating load, where how the devices are shared decides goodput).</li>
 *   <li>Drops: the paper does not say whether late requests are dropped; every policy (Base included) drops a
 *       request once it cannot finish within its SLO on any device it may use, so that an overloaded FIFO queue
 *       does not make every later request late (a choice that favours whichever policy overloads a device most).</li>
 *   <li>Measured: goodput = requests finished within SLO (12× solo GPU latency) per second of a {@code --seconds}
 *       Poisson run; the mean over scenarios of each policy's goodput divided by base's.</li>
 * </ul>
 * The world's "real" slowdowns are the synthetic {@link ContentionModel}, re-evaluated whenever co-runners change.
 * A second world, {@code --world calibrated}, scales that ground truth's interference to the magnitude measured on
 * this machine's cores ({@link InterferenceCalibrateBench#calibratedTruth}); the measured co-runs themselves are
 * written in {@link MeasuredInterference}'s table format by {@code bench interference-calibrate}.
 */
public final class InterferenceBench {

    public record Row(int set, int mix, Map<String, Double> goodput, Map<String, Double> sloThroughput) {}

    private final long seed;
    private final double load, durationMs;
    private final boolean sloSearch;
    private final ContentionModel truth;
    private final String world;
    private final Map<String, SyntheticModel> zoo = XavierLike.zooByName();
    private final InterferencePredictor truthPredictor;
    private MlpInterferencePredictor mlp;

    public InterferenceBench(long seed, double load, double durationMs, boolean sloSearch) {
        this(seed, load, durationMs, sloSearch, ContentionModel.xavierLike(), "xavier-like");
    }

    /**
     * @param truth the world's ground truth ({@link ContentionModel#xavierLike()}, or one whose interference scale
     *              is calibrated from this machine's measurements: {@link InterferenceCalibrateBench#calibratedTruth})
     * @param world its name, printed with the results
     */
    public InterferenceBench(long seed, double load, double durationMs, boolean sloSearch, ContentionModel truth, String world) {
        this.truth = truth;
        this.world = world;
        this.truthPredictor = truth.asPredictor(zoo);
        this.seed = seed;
        this.load = load;
        this.durationMs = durationMs;
        this.sloSearch = sloSearch;
    }

    public void run(PrintStream out) {
        long t0 = System.nanoTime();
        out.println("world: " + world);
        mlp = MlpInterferencePredictor.trainedOnRandomModels(truth, seed);
        out.printf("predictor: 4 sub-models (inputs→16→16→1), trained on 155 random models in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        var zooSamples = TrainingSet.allCoLocations(XavierLike.ZOO, truth);
        out.println("accuracy on the 14 zoo models, every co-location (paper: 97.8 / 94.3 / 97.4 / 94.0 %):");
        for (SubModel s : SubModel.values()) {
            out.printf("  %-12s %5d samples  mlp %5.1f%%   no-interference %5.1f%%%n", s, zooSamples.get(s).size(),
                    100 * MlpInterferencePredictor.accuracy(mlp, zooSamples.get(s)),
                    100 * MlpInterferencePredictor.accuracy(io.baton.core.interference.NoInterference.INSTANCE, zooSamples.get(s)));
        }
        out.println();
        plannerSpeed(out);
        out.println();
        List<Row> rows = new ArrayList<>();
        out.printf("goodput at %.2f × the mix's interference-free fluid capacity%s; each normalised to base"
                + " (a set's row: mean of its 5 mixes; all: mean of the 40 scenarios)%n", load,
                sloSearch ? ", and 99%-SLO throughput" : "");
        out.printf("%-4s %-9s", "set", "metric");
        for (String p : InterferenceWorld.POLICIES) out.printf(" %21s", p);
        out.println();
        for (XavierLike.ModelSet set : XavierLike.TABLE_IV) {
            List<Row> setRows = new ArrayList<>();
            for (int mix = 1; mix <= 5; mix++) setRows.add(scenario(set, mix));
            rows.addAll(setRows);
            printMean(out, String.valueOf(set.number()), setRows);
        }
        printMean(out, "all", rows);
        out.printf("interference over base-wc (the stronger, work-conserving affinity baseline): goodput %.3f%s%n",
                meanRatio(rows, PolicyIds.INTERFERENCE, "base-wc", true),
                sloSearch ? String.format(", slo99 %.3f", meanRatio(rows, PolicyIds.INTERFERENCE, "base-wc", false)) : "");
    }

    private void printMean(PrintStream out, String label, List<Row> rows) {
        out.printf("%-4s %-9s", label, "goodput");
        for (String p : InterferenceWorld.POLICIES) out.printf(" %21.3f", meanRatio(rows, p, true));
        out.println();
        if (sloSearch) {
            out.printf("%-4s %-9s", label, "slo99");
            for (String p : InterferenceWorld.POLICIES) out.printf(" %21.3f", meanRatio(rows, p, false));
            out.println();
        }
    }

    private static double meanRatio(List<Row> rows, String policy, boolean goodput) {
        return meanRatio(rows, policy, "base", goodput);
    }

    private static double meanRatio(List<Row> rows, String policy, String over, boolean goodput) {
        double s = 0;
        int n = 0;
        for (Row r : rows) {
            Map<String, Double> m = goodput ? r.goodput() : r.sloThroughput();
            if (m.isEmpty() || m.get(over) <= 0) continue;
            s += m.get(policy) / m.get(over);
            n++;
        }
        return n == 0 ? Double.NaN : s / n;
    }

    private InterferenceWorld world(XavierLike.ModelSet set, double[] rates) {
        List<WorkloadModel> models = new ArrayList<>();
        for (int i = 0; i < set.models().size(); i++) {
            ModelProfile p = truth.profile(zoo.get(set.models().get(i)));
            models.add(new WorkloadModel(p, rates[i], XavierLike.SLO_FACTOR * p.soloMs(DeviceClass.GPU)));
        }
        InterferenceWorkload w = new InterferenceWorkload(Platform.xavier(), models);
        SlowdownTable truthTable = SlowdownTable.build(truthPredictor, w.platform(), w.profiles());
        // "perfect pred": the static co-run measurements of these models (here: the ground truth measured once per co-location)
        MeasuredInterference measured = MeasuredInterference.measure(w.profiles(), w.platform(), truthPredictor);
        return new InterferenceWorld(w, truthTable, mlp, measured);
    }

    public Row scenario(XavierLike.ModelSet set, int mix) {
        double[] shares = set.mix(mix);
        InterferenceWorld unit = world(set, shares);
        double capacity = FluidCapacity.of(unit.workload(), shares);
        double[] rates = new double[shares.length];
        for (int i = 0; i < rates.length; i++) rates[i] = load * capacity * shares[i];
        InterferenceWorld world = unit.withWorkload(unit.workload().withRates(rates));
        long runSeed = seed * 1000 + set.number() * 10L + mix;
        Map<String, Double> goodput = new LinkedHashMap<>(), slo = new LinkedHashMap<>();
        for (String p : InterferenceWorld.POLICIES) {
            SimulationResult r = world.run(world.dispatcher(p, PlanGoal.GOODPUT, runSeed), durationMs, runSeed);
            goodput.put(p, r.goodput());
            if (sloSearch) slo.put(p, sloThroughput(unit, shares, capacity, p, runSeed));
        }
        return new Row(set.number(), mix, goodput, slo);
    }

    /** §VI-C: bisection on the offered load for the highest at which ≥ 99% of requests meet their SLO. */
    private double sloThroughput(InterferenceWorld unit, double[] shares, double capacity, String policy, long runSeed) {
        double lo = 0, hi = 1.5;
        for (int step = 0; step < 6; step++) {
            double mid = (lo + hi) / 2;
            double[] rates = new double[shares.length];
            for (int i = 0; i < rates.length; i++) rates[i] = mid * capacity * shares[i];
            InterferenceWorld w = unit.withWorkload(unit.workload().withRates(rates));
            SimulationResult r = w.run(w.dispatcher(policy, PlanGoal.SLO_99, runSeed), durationMs / 2, runSeed);
            if (r.offered() > 0 && (double) r.good() / r.offered() >= 0.99) lo = mid; else hi = mid;
        }
        return lo * capacity;
    }

    private void plannerSpeed(PrintStream out) {
        XavierLike.ModelSet set = XavierLike.TABLE_IV.get(7);
        double[] shares = set.mix(1);
        InterferenceWorld unit = world(set, shares);
        double capacity = FluidCapacity.of(unit.workload(), shares);
        double[] rates = shares.clone();
        for (int i = 0; i < rates.length; i++) rates[i] *= capacity;
        InterferenceWorkload w = unit.workload().withRates(rates);
        SlowdownTable table = SlowdownTable.build(mlp, w.platform(), w.profiles());
        InterferencePlanner planner = InterferencePlanner.standard(PolicyIds.INTERFERENCE, mlp, PlanGoal.GOODPUT, seed);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double bestCpu = Double.POSITIVE_INFINITY, bestWall = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 20; i++) {
            long c0 = mx.getCurrentThreadCpuTime(), w0 = System.nanoTime();
            planner.plan(w, table);
            bestCpu = Math.min(bestCpu, (mx.getCurrentThreadCpuTime() - c0) / 1e6);
            bestWall = Math.min(bestWall, (System.nanoTime() - w0) / 1e6);
        }
        out.printf("planner: 1,000 matrices × %d requests, set 8 (6 models, 3 devices): best of 20 = %.1f ms CPU (%.1f ms wall)"
                + " on one thread (target ≤ 50 ms; paper: 200 ms on the Xavier's CPU)%n", SampledSimulator.DEFAULT_REQUESTS, bestCpu, bestWall);
    }
}
