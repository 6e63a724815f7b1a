package io.baton.core.interference;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code interference} policy as a request-scale {@link Dispatcher} over any devices: what the live scheduler
 * runs (and what the simulator can replay). It puts the paper's two halves together the way §V describes the
 * system running: the runtime router ({@link CreditRouter}, §V-B) routes every request, and the planner
 * ({@link InterferencePlanner}, §V-C/D) gives it a new allocation matrix when the workload has changed
 * ({@link Replanner}).
 *
 * <p>What the paper's offline setting knew and a live server has to measure:
 * <ul>
 *   <li><b>Rates.</b> Arrivals are counted per model over epochs of {@link Settings#epochMs}; at each epoch's end
 *       the measured rates go to the re-planner. Until the first epoch ends the router runs "Base fair" (an equal
 *       share of every device for every model), the plan with no rates to go on.</li>
 *   <li><b>Solo latency per device.</b> The profile gives ℓ(1) of the device kind it was measured on; a device's
 *       {@link Device#speed()} scales it and the model's wire time is added (a live batch's HTTP round trip is
 *       device time to the router: the worker is not free until it answers). Workers of one kind still differ
 *       (thread counts, CPU models, a co-tenant), so every finished request also teaches the dispatcher its
 *       device's speed: (observed time − wire time) ÷ (its ℓ(1) × the slowdown predicted for the co-location it was
 *       sent into), each clamped to [1/8, 8]; solo = ℓ(1) × speed + wire time, so that the engine's own estimate of the
 *       wire (which changes as it measures) is never scaled by a speed learned against an older one; a device's speed is the median of its last {@link #SPEED_WINDOW} (a median,
 *       so that a cold start's model load or a failed call does not sway it), used once {@link #MIN_OBSERVATIONS}
 *       have been seen. Re-planning uses the learned solo latencies; a device whose speed moved by more than
 *       the rate tolerance is a changed workload ({@link Replanner}).</li>
 *   <li><b>Who interferes.</b> The platform is {@link Platform#workers independent workers}: no context limit,
 *       any number of GPUs, and only devices on the same host contend. Predicted slowdowns come from the
 *       predictor given (live: {@link BubblePressurePredictor} on the profiler's features), tabulated once per
 *       model set ({@link SlowdownTable#forPlanning}).</li>
 * </ul>
 * Requests run one per slot, as in the paper (batch 1; the router's credit is device time per request).
 *
 * <p><b>Restarts.</b> A live engine starts a fresh dispatcher whenever its workers or variants change. What was
 * measured outlives it in a {@link History} shared by the dispatchers of one engine: the epoch in progress (its
 * start and the arrivals counted so far, so that restarts more frequent than epochs do not keep rates from ever being
 * measured), the last measured rate of each model and the speed samples of each device, by name. A dispatcher started with a history that has rates plans at
 * once for them (the paper's re-planning "when the model set changes"), instead of starting from "Base fair".
 *
 * <p>Re-planning runs on the dispatcher's own thread at the first event after an epoch ends: at most one plan
 * (1,000 sampled matrices, tens of milliseconds on one core) per epoch, and only when the workload changed.
 */
public final class InterferenceDispatcher implements Dispatcher {
    /** Finished requests a device needs before its learned speed is used. */
    public static final int MIN_OBSERVATIONS = 8;
    /** How many of a device's latest observations its speed is the median of. */
    public static final int SPEED_WINDOW = 32;

    /**
     * @param goal           what the planner maximises (goodput by default: the paper's §VI-B)
     * @param samples        allocation matrices sampled per plan (the paper's 1,000)
     * @param creditPeriodMs how often consumed allocation is reset ({@link CreditRule#DEFAULT_PERIOD_MS})
     * @param epochMs        how long arrivals are counted before rates are re-measured and the workload re-planned
     * @param rateTolerance  the relative change in a rate (or a solo latency) that calls for a new plan
     * @param seed           the planner's seed: the same input gives the same plan
     */
    public record Settings(PlanGoal goal, int samples, double creditPeriodMs, double epochMs, double rateTolerance,
                           long seed) {
        public Settings {
            if (goal == null) throw new IllegalArgumentException("goal must be set");
            if (samples < 1) throw new IllegalArgumentException("samples must be ≥ 1");
            if (!(creditPeriodMs > 0)) throw new IllegalArgumentException("creditPeriodMs must be > 0");
            if (!(epochMs > 0)) throw new IllegalArgumentException("epochMs must be > 0");
            if (!(rateTolerance >= 0)) throw new IllegalArgumentException("rateTolerance must be ≥ 0");
        }

        public static Settings defaults() {
            return new Settings(PlanGoal.GOODPUT, InterferencePlanner.PAPER_SAMPLES, CreditRule.DEFAULT_PERIOD_MS, 1000,
                    Replanner.DEFAULT_RATE_TOLERANCE, 1);
        }
    }

    /**
     * What the dispatcher needs to know of a device beyond its {@link Device}.
     *
     * @param name        how plans name it (a worker id)
     * @param deviceClass the role it plays to the predictor
     * @param host        the host whose memory it shares
     */
    public record DeviceInfo(String name, DeviceClass deviceClass, String host) {
    }

    /**
     * The plan in force, as the dispatcher last made it (immutable; published for a status page).
     *
     * @param allocation  allocation ratio per model (row) and device (column)
     * @param ratesPerSec the rates it was planned for (0 before the first plan)
     * @param soloMs      the solo latency per model and device it was planned with
     * @param speed       per device, the learned speed factor (1 until learned)
     * @param score       the goal's score of the plan in the planner's own simulation (null: "Base fair", unplanned)
     * @param plans       plans made by this dispatcher so far
     * @param plannedAtMs when the plan was installed, on the dispatcher's clock
     * @param predicting  whether slowdowns were predicted (false: interference-off, or too many co-locations)
     */
    public record PlanView(String policy, String goal, String predictor, List<String> devices, List<String> models,
                           double[][] allocation, double[] ratesPerSec, double[][] soloMs, double[] speed, Double score,
                           int plans, double plannedAtMs, boolean predicting) {
    }

    /**
     * What one engine's dispatchers have measured, by model and device name, so that a restarted dispatcher does not
     * start from nothing. Used only on the engine's thread (one dispatcher at a time).
     */
    public static final class History {
        private final Map<String, Double> rates = new java.util.HashMap<>();
        private final Map<String, SpeedSamples> speeds = new java.util.HashMap<>();
        private final Map<String, long[]> arrivals = new java.util.HashMap<>(); // this epoch's, one cell per model
        private double epochStartMs = Double.NaN;

        /** The last measured rate of the model, or null. */
        public Double rate(String model) {
            return rates.get(model);
        }

        /** The learned speed of the device, or 1 when it has not been learned. */
        public double speed(String device) {
            SpeedSamples s = speeds.get(device);
            return s == null || s.count < MIN_OBSERVATIONS ? 1 : s.median();
        }
    }

    /** A device's latest observed ÷ planned ratios, a ring of {@link #SPEED_WINDOW}. */
    private static final class SpeedSamples {
        final double[] ring = new double[SPEED_WINDOW];
        long count;

        void add(double ratio) {
            ring[(int) (count++ % SPEED_WINDOW)] = ratio;
        }

        double median() {
            int n = (int) Math.min(count, SPEED_WINDOW);
            if (n == 0) return 1;
            double[] sorted = Arrays.copyOf(ring, n);
            Arrays.sort(sorted);
            return n % 2 == 1 ? sorted[n / 2] : Math.sqrt(sorted[n / 2 - 1] * sorted[n / 2]);
        }
    }

    private final String policy;
    private final InterferencePredictor predictor;
    private final History history;
    private final Settings settings;
    private final Function<ServedModel, DeviceFeatures> features;
    private final Function<Device, DeviceInfo> deviceInfo;

    private DispatchContext ctx;
    private int models, devices;
    private Platform platform;
    private List<WorkloadModel> mix;
    /** Per model and device, ℓ(1) × the device's declared speed: the device's part of a request's time. */
    private double[] deviceMs;
    /** Per model, its wire time (HTTP to a worker and back, live): part of its latency no device speed scales. */
    private double[] wireMs;
    private SpeedSamples[] samples;
    private int[] running;
    private double[] slowdownAtDispatch;
    private long[][] arrivals; // per model, its cell in the history's epoch counts
    private String[] keys; // per model, what the history knows it by
    private Replanner replanner;
    private SlowdownTable table;
    private CreditRouter router;
    private volatile PlanView view;
    private java.util.function.BiConsumer<PlanView, Boolean> planListener = (v, planned) -> { };

    /**
     * Tells {@code listener} of every allocation installed, on the dispatcher's thread: the first ("Base fair",
     * {@code false}) and each plan ({@code true}). For metrics; it must be quick and must not call back.
     */
    public InterferenceDispatcher onPlan(java.util.function.BiConsumer<PlanView, Boolean> listener) {
        this.planListener = listener;
        return this;
    }

    /**
     * @param predictor  slowdowns to plan with ({@link NoInterference} for {@code interference-off})
     * @param features   a model's interference features (solo latency is not read from them), null when not measured
     * @param deviceInfo each device's name, class and host; null: "d&lt;id&gt;", GPU when its kind is {@code gpu}
     *                   and the accelerator role otherwise, all on one host
     */
    public InterferenceDispatcher(String policy, InterferencePredictor predictor, Settings settings,
                                  Function<ServedModel, DeviceFeatures> features, Function<Device, DeviceInfo> deviceInfo) {
        this(policy, predictor, settings, features, deviceInfo, new History());
    }

    /** A dispatcher that starts from, and adds to, what earlier dispatchers of its engine measured. */
    public InterferenceDispatcher(String policy, InterferencePredictor predictor, Settings settings,
                                  Function<ServedModel, DeviceFeatures> features, Function<Device, DeviceInfo> deviceInfo,
                                  History history) {
        this.history = history;
        this.policy = policy;
        this.predictor = predictor;
        this.settings = settings;
        this.features = features == null ? m -> null : features;
        this.deviceInfo = deviceInfo == null ? InterferenceDispatcher::defaultInfo : deviceInfo;
    }

    /** The device roles when nothing says otherwise: a GPU is the GPU, every other device a device of its own. */
    public static DeviceInfo defaultInfo(Device d) {
        return new DeviceInfo("d" + d.id(), "gpu".equals(d.kind()) ? DeviceClass.GPU : DeviceClass.ACCELERATOR, "local");
    }

    @Override
    public String policy() {
        return policy;
    }

    @Override
    public void start(DispatchContext context) {
        this.ctx = context;
        models = context.models().size();
        devices = context.devices().size();
        List<String> names = new ArrayList<>(), kinds = new ArrayList<>(), hosts = new ArrayList<>();
        List<DeviceClass> classes = new ArrayList<>();
        for (Device d : context.devices()) {
            DeviceInfo info = deviceInfo.apply(d);
            names.add(info.name());
            classes.add(info.deviceClass());
            hosts.add(info.host());
            kinds.add(d.kind());
        }
        platform = Platform.workers(names, classes, kinds, hosts);
        deviceMs = new double[models * devices];
        wireMs = new double[models];
        mix = new ArrayList<>(models);
        for (ServedModel m : context.models()) {
            double l1 = m.profile().latencyMs(1);
            wireMs[m.id()] = m.wireMs();
            for (int d = 0; d < devices; d++) deviceMs[m.id() * devices + d] = l1 * context.devices().get(d).speed();
            mix.add(new WorkloadModel(profileOf(m, l1), 0, m.sloMs()));
        }
        samples = new SpeedSamples[devices];
        for (int d = 0; d < devices; d++) samples[d] = history.speeds.computeIfAbsent(names.get(d), n -> new SpeedSamples());
        running = new int[devices];
        Arrays.fill(running, -1);
        slowdownAtDispatch = new double[devices];
        arrivals = new long[models][];
        keys = historyKeys(context.models());
        for (ServedModel m : context.models()) arrivals[m.id()] = history.arrivals.computeIfAbsent(keys[m.id()], n -> new long[1]);
        double[] unlearned = new double[devices];
        Arrays.fill(unlearned, 1);
        double[] baseSolo = solo(unlearned); // routing starts from the profile; learned speeds come in with a plan
        InterferenceWorkload workload = new InterferenceWorkload(platform, mix, baseSolo);
        InterferencePlanner planner = new InterferencePlanner(policy, predictor, settings.goal(), AllocationSampler.continuous(),
                settings.samples(), SampledSimulator.DEFAULT_REQUESTS, settings.creditPeriodMs(), settings.seed());
        replanner = new Replanner(planner, settings.rateTolerance());
        table = SlowdownTable.forPlanning(predictor, platform, workload.profiles());
        AllocationMatrix fair = AllocationMatrix.fairWithinContexts(workload);
        router = new CreditRouter(policy, workload, fair, settings.creditPeriodMs());
        router.start(new DispatchContext(context.clock(), context.timers(), context.devices(), context.models(), new Sink()));
        if (Double.isNaN(history.epochStartMs)) history.epochStartMs = context.nowMs();
        publish(fair, new double[models], baseSolo, Double.NaN, context.nowMs());
        double[] known = new double[models];
        double total = 0;
        for (ServedModel m : context.models()) {
            Double r = history.rates.get(keys[m.id()]);
            known[m.id()] = r == null ? 0 : r;
            total += known[m.id()];
        }
        if (total > 0) plan(known, context.nowMs());
    }

    /**
     * Each model's name, or, where two models share a name (a live variant re-profiled: the engine keeps the old
     * entry beside the new one, and the ids of both are stable), its name and id, so that their counts stay apart.
     */
    private static String[] historyKeys(List<ServedModel> models) {
        Map<String, Integer> seen = new java.util.HashMap<>();
        for (ServedModel m : models) seen.merge(m.name(), 1, Integer::sum);
        String[] out = new String[models.size()];
        for (ServedModel m : models) out[m.id()] = seen.get(m.name()) > 1 ? m.name() + "#" + m.id() : m.name();
        return out;
    }

    /** The model as the predictor sees it: its measured features on every class, or none (no interference). */
    private ModelProfile profileOf(ServedModel m, double l1) {
        DeviceFeatures f = features.apply(m);
        DeviceFeatures usable = f != null ? f : new DeviceFeatures(l1 > 0 ? l1 : 1e-3, l1 > 0 ? l1 : 1e-3, 0, 0, 1, 1);
        return new ModelProfile(m.name(), Map.of(DeviceClass.GPU, usable, DeviceClass.ACCELERATOR, usable));
    }

    @Override
    public void onArrival(Request request) {
        maybeReplan(ctx.nowMs()); // an arrival at the epoch's end counts in the next one
        arrivals[request.model][0]++;
        router.onArrival(request);
    }

    @Override
    public void onBatchDone(Batch batch) {
        learn(batch, ctx.nowMs());
        running[batch.device()] = -1;
        maybeReplan(ctx.nowMs());
        router.onBatchDone(batch);
    }

    /** The plan in force (never null once started). */
    public PlanView plan() {
        return view;
    }

    /** The router's decisions pass through here: each batch is sent with the latency predicted for where it lands. */
    private final class Sink implements DispatchSink {
        @Override
        public void dispatch(Batch batch) {
            int d = batch.device();
            running[d] = batch.model();
            double s = table.slowdown(d, batch.model(), running);
            slowdownAtDispatch[d] = s;
            double wire = wireMs[batch.model()]; // interference slows the device's part, not the wire's
            ctx.sink().dispatch(new Batch(batch.model(), d, batch.requests(), batch.startMs(),
                    (batch.expectedLatencyMs() - wire) * s + wire));
        }

        @Override
        public void drop(Request request, DropReason reason) {
            ctx.sink().drop(request, reason);
        }
    }

    private void learn(Batch batch, double nowMs) {
        int d = batch.device(), m = batch.model();
        double took = nowMs - batch.startMs();
        double planned = deviceMs[m * devices + d] * (slowdownAtDispatch[d] > 0 ? slowdownAtDispatch[d] : 1);
        if (!(took > 0) || !(planned > 0)) return;
        // The device's part only: the wire is the engine's own estimate and is planned with as it is.
        double ratio = Math.max(0.125, Math.min(8, (took - wireMs[m]) / planned));
        samples[d].add(ratio);
    }

    private void maybeReplan(double nowMs) {
        double elapsed = nowMs - history.epochStartMs;
        if (elapsed < settings.epochMs()) return;
        double[] rates = new double[models];
        double total = 0;
        for (int m = 0; m < models; m++) {
            rates[m] = arrivals[m][0] * 1000.0 / elapsed;
            total += rates[m];
        }
        for (long[] cell : history.arrivals.values()) cell[0] = 0;
        history.epochStartMs = nowMs;
        // Nothing arrived: nothing to plan for; the plan in force stays, and so do the rates it was made for (a
        // dispatcher restarted now plans with those, as its predecessor ran).
        if (total == 0) return;
        for (ServedModel m : ctx.models()) history.rates.put(keys[m.id()], rates[m.id()]);
        plan(rates, nowMs);
    }

    /** Plans for these rates with the solo latencies learned so far, when the workload changed significantly. */
    private void plan(double[] rates, double nowMs) {
        double[] solo = solo(speeds());
        InterferenceWorkload workload = new InterferenceWorkload(platform, mix, solo).withRates(rates);
        int before = replanner.plans();
        InterferencePlan plan = replanner.planFor(workload);
        if (replanner.plans() == before) return; // not a significant change: the plan in force stays
        table = replanner.table();
        router.install(plan.allocation());
        router.updateSolo(solo);
        publish(plan.allocation(), rates, solo, plan.score(), nowMs);
    }

    /** Solo latency per model and device, flat: ℓ(1) × the device's speed + the model's wire time. */
    private double[] solo(double[] speed) {
        double[] out = new double[models * devices];
        for (int m = 0; m < models; m++) {
            for (int d = 0; d < devices; d++) out[m * devices + d] = deviceMs[m * devices + d] * speed[d] + wireMs[m];
        }
        return out;
    }

    /** Per device, its learned speed (1 until {@link #MIN_OBSERVATIONS} have been seen). */
    private double[] speeds() {
        double[] out = new double[devices];
        for (int d = 0; d < devices; d++) out[d] = samples[d].count < MIN_OBSERVATIONS ? 1 : samples[d].median();
        return out;
    }

    private void publish(AllocationMatrix allocation, double[] rates, double[] solo, double score, double nowMs) {
        double[][] a = new double[models][devices], s = new double[models][devices];
        for (int m = 0; m < models; m++) {
            for (int d = 0; d < devices; d++) {
                a[m][d] = allocation.ratio(m, d);
                s[m][d] = solo[m * devices + d];
            }
        }
        List<String> names = ctx.models().stream().map(ServedModel::name).toList();
        view = new PlanView(policy, settings.goal().name(), predictor.name(), platform.names(), names, a, rates.clone(), s,
                speeds(), Double.isNaN(score) ? null : score, replanner.plans(), nowMs, table.tabulated());
        planListener.accept(view, !Double.isNaN(score));
    }
}
