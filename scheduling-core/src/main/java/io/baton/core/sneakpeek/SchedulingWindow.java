package io.baton.core.sneakpeek;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.policy.PolicyIds;
import java.util.List;

/**
 * One scheduling window of SneakPeek (paper §3.1–§3.2): the requests queued during the window, their applications'
 * candidate models, and the accuracy estimate Acc_r(m) of every candidate for every request, compiled into arrays
 * so that the schedulers (and the brute force above all) touch no collections.
 *
 * <p>Model ids are global: first every application's registered models in application order (the same ids in
 * every window over the same applications, so that a {@link ModelCache} carries over), then, with short-circuit
 * on, one pseudo-model per application that has a SneakPeek model: zero latency, never loaded, accuracy the
 * SneakPeek model's profiled accuracy (§5.3.1).
 *
 * <p>Accuracy: data-oblivious uses each model's profiled accuracy; data-aware uses Σ_i θ̂_i·r_i(m) (eq. 9 with the
 * request's posterior mean, §4.2).
 */
public final class SchedulingWindow {

    /**
     * Where the d of a relative penalty ({@link Penalty.RelativeSigmoid}, {@link Penalty.RelativeLinear}) is measured
     * from: the penalty normalises lateness by d, x = (e − d)/d (paper §6.1, sneakpeek.txt l. 290–294).
     */
    public enum DeadlineBudget {
        /** d = deadline − arrival: the request's whole budget (e.g. 150 ms). */
        FROM_ARRIVAL,
        /**
         * d = deadline − now, the time left when the window is scheduled. The paper's d_i and e_i share one origin:
         * e_i = t_i + ℓ(m_j) (eq. 2, l. 102) with t_i the sum of the latencies ordered ahead (eq. 1, l. 96–98), i.e.
         * time from the moment the schedule starts (eq. 13: "the current time (or the current time plus the expected
         * wait time prior to execution)", l. 206); the same d_i is the time left in the priority e^(−d_i) (eq. 12,
         * l. 198), which {@link Priority} already measures from now.
         */
        FROM_NOW
    }

    /**
     * @param dataAware    Acc_r(m) = Σθ̂·recall (true) or the profiled accuracy (false)
     * @param shortCircuit add each application's SneakPeek model as a zero-latency candidate
     * @param mode         how the device runs the plan
     * @param maxBatch     the largest batch in {@link ExecutionMode#BATCHED} (≥ 1)
     * @param budget       the d of the relative penalties (no effect on the absolute ones of the contract)
     */
    public record Options(boolean dataAware, boolean shortCircuit, ExecutionMode mode, int maxBatch, DeadlineBudget budget) {
        public Options {
            if (maxBatch < 1) throw new IllegalArgumentException("maxBatch must be ≥ 1");
            if (budget == null) throw new IllegalArgumentException("budget is required");
        }

        /** d measured from arrival: the plain form for windows whose penalties are absolute (the contract's) or tests. */
        public Options(boolean dataAware, boolean shortCircuit, ExecutionMode mode, int maxBatch) {
            this(dataAware, shortCircuit, mode, maxBatch, DeadlineBudget.FROM_ARRIVAL);
        }

        public Options withBudget(DeadlineBudget b) {
            return new Options(dataAware, shortCircuit, mode, maxBatch, b);
        }

        /** The {@code plan sneakpeek} contract: data-aware, sequential. */
        public static Options contract(boolean shortCircuit) {
            return new Options(true, shortCircuit, ExecutionMode.SEQUENTIAL, 1);
        }
    }

    private final double nowMs;
    private final Options options;
    private final List<AppProfile> apps;
    private final List<PeekRequest> requests;
    private final int registered;
    // per model (global id)
    private final String[] modelName;
    private final int[] modelApp;
    private final boolean[] shortCircuit;
    private final LatencyProfile[] latency;
    private final double[] single; // ℓ(1), 0 for short-circuit
    private final double[] loadMs;
    private final int[] modelMaxBatch;
    // per application
    private final int[][] candidates;
    private final Penalty[] penalty;
    // per request
    private final int[] reqApp;
    private final double[] deadline;
    private final double[] budget;
    private final double[][] accuracy; // [request][candidate]

    private SchedulingWindow(double nowMs, List<AppProfile> apps, List<PeekRequest> requests, Options options) {
        this.nowMs = nowMs;
        this.options = options;
        this.apps = List.copyOf(apps);
        this.requests = List.copyOf(requests);
        int reg = 0, sc = 0;
        for (AppProfile a : apps) {
            reg += a.models().size();
            if (options.shortCircuit() && a.canShortCircuit()) sc++;
        }
        this.registered = reg;
        int n = reg + sc;
        modelName = new String[n];
        modelApp = new int[n];
        shortCircuit = new boolean[n];
        latency = new LatencyProfile[n];
        single = new double[n];
        loadMs = new double[n];
        modelMaxBatch = new int[n];
        java.util.Arrays.fill(modelMaxBatch, Integer.MAX_VALUE);
        candidates = new int[apps.size()][];
        penalty = new Penalty[apps.size()];
        int g = 0, s = reg;
        for (int a = 0; a < apps.size(); a++) {
            AppProfile app = apps.get(a);
            penalty[a] = app.penalty();
            boolean withSc = options.shortCircuit() && app.canShortCircuit();
            candidates[a] = new int[app.models().size() + (withSc ? 1 : 0)];
            for (int k = 0; k < app.models().size(); k++, g++) {
                ModelVariant m = app.models().get(k);
                modelName[g] = m.name();
                modelApp[g] = a;
                latency[g] = m.latency();
                single[g] = m.latency().latencyMs(1);
                loadMs[g] = m.loadMs();
                modelMaxBatch[g] = m.maxBatch();
                candidates[a][k] = g;
            }
            if (withSc) {
                modelName[s] = PolicyIds.SNEAKPEEK;
                modelApp[s] = a;
                shortCircuit[s] = true;
                candidates[a][app.models().size()] = s++;
            }
        }
        int nr = requests.size();
        reqApp = new int[nr];
        deadline = new double[nr];
        budget = new double[nr];
        accuracy = new double[nr][];
        for (int r = 0; r < nr; r++) {
            PeekRequest q = requests.get(r);
            if (q.app() >= apps.size()) throw new IllegalArgumentException(q.id() + ": no application " + q.app());
            AppProfile app = apps.get(q.app());
            if (q.theta().length != app.classes()) throw new IllegalArgumentException(q.id() + ": θ has " + q.theta().length + " classes, " + app.name() + " " + app.classes());
            reqApp[r] = q.app();
            deadline[r] = q.deadlineMs();
            budget[r] = q.deadlineMs() - (options.budget() == DeadlineBudget.FROM_NOW ? nowMs : q.arrivalMs());
            int[] c = candidates[q.app()];
            accuracy[r] = new double[c.length];
            double[] theta = q.theta();
            for (int k = 0; k < c.length; k++) {
                accuracy[r][k] = shortCircuit[c[k]] ? app.sneakPeekAccuracy()
                        : options.dataAware() ? app.models().get(k).dataAwareAccuracy(theta) : app.models().get(k).profiledAccuracy();
            }
        }
    }

    public static SchedulingWindow of(double nowMs, List<AppProfile> apps, List<PeekRequest> requests, Options options) {
        return new SchedulingWindow(nowMs, apps, requests, options);
    }

    /** A cache holding one registered model at a time (the contract's "loaded model"). */
    public static ModelCache singleSlotCache(List<AppProfile> apps) {
        return ModelCache.singleSlot(registeredTable(apps, true));
    }

    /** A cache over the applications' registered models under a memory budget. */
    public static ModelCache budgetedCache(List<AppProfile> apps, double budgetMb) {
        return new ModelCache(budgetMb, registeredTable(apps, false), registeredTable(apps, true));
    }

    private static double[] registeredTable(List<AppProfile> apps, boolean load) {
        return apps.stream().flatMap(a -> a.models().stream()).mapToDouble(m -> load ? m.loadMs() : m.memoryMb()).toArray();
    }

    public double nowMs() { return nowMs; }
    public Options options() { return options; }
    public List<AppProfile> apps() { return apps; }
    public List<PeekRequest> requests() { return requests; }
    public int requestCount() { return reqApp.length; }
    public int appCount() { return candidates.length; }
    /** Number of registered (cacheable) models; short-circuit ids come after them. */
    public int registeredModels() { return registered; }

    public int appOf(int request) { return reqApp[request]; }
    public double deadline(int request) { return deadline[request]; }
    /** The d of request r's relative penalty (see {@link DeadlineBudget}). */
    public double budget(int request) { return budget[request]; }
    public int candidateCount(int app) { return candidates[app].length; }
    /** Global model id of candidate k of application app. */
    public int model(int app, int k) { return candidates[app][k]; }
    public int modelOf(int request, int k) { return candidates[reqApp[request]][k]; }
    public String modelName(int model) { return modelName[model]; }
    public int modelApp(int model) { return modelApp[model]; }
    public boolean isShortCircuit(int model) { return shortCircuit[model]; }
    /** ℓ(b) of a model; 0 for the short-circuit pseudo-model. */
    public double latencyMs(int model, int batch) { return shortCircuit[model] ? 0.0 : latency[model].latencyMs(batch); }
    public double singleLatencyMs(int model) { return single[model]; }
    public double loadMs(int model) { return loadMs[model]; }
    public int maxBatch() { return options.maxBatch(); }
    /** The largest batch of a model: the window's, or less when the model's own cap is lower. */
    public int maxBatch(int model) { return Math.min(options.maxBatch(), modelMaxBatch[model]); }
    public ExecutionMode mode() { return options.mode(); }

    /** The scheduler's estimate Acc_r(m) of candidate k for request r. */
    public double accuracy(int request, int k) { return accuracy[request][k]; }

    /** The estimates as a matrix [request][candidate] (a copy). */
    public double[][] accuracyMatrix() {
        double[][] a = new double[accuracy.length][];
        for (int r = 0; r < a.length; r++) a[r] = accuracy[r].clone();
        return a;
    }

    /** γ of request r's application at completion time. */
    public double gamma(int request, double completionMs) {
        return penalty[reqApp[request]].gamma(completionMs - deadline[request], budget[request]);
    }

    /** Eq. 2: u = Acc_r(m)·(1 − γ(d, e)) with the window's accuracy estimate. */
    public double utility(int request, int k, double completionMs) {
        return accuracy[request][k] * (1.0 - gamma(request, completionMs));
    }
}
