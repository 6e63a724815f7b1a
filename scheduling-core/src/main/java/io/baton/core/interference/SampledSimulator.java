package io.baton.core.interference;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * §V-C: the simulator that evaluates one allocation matrix. Requests arrive at the workload's rates (Poisson;
 * the paper does not say), are routed by the runtime's own rule ({@link CreditRule}) onto virtual devices, and
 * each runs for its solo latency × the predicted slowdown for what the other devices run when it starts.
 *
 * <p>The paper is silent on co-runners that change while a request runs; here the slowdown is fixed at
 * dispatch (the "static" estimate the paper's perfect predictor also makes), which keeps one request one event.
 * The world simulator ({@code InterferenceExecution}) instead rescales running work whenever the co-runners
 * change, so what the planner believes and what happens can differ, as on the real SoC.
 *
 * <p>Fast by construction (the planner runs it 1,000 times per plan): the arrival trace is generated once per
 * plan and shared by every matrix (common random numbers, which also makes matrices comparable); per-model
 * queues are index ranges into that trace; devices are a handful of array slots scanned linearly; slowdowns
 * come from a precomputed {@link SlowdownTable}; nothing is allocated per request or per matrix.
 */
public final class SampledSimulator {
    /** Requests per simulated matrix: enough for ~20 credit periods at Xavier rates, cheap enough for 1,000 samples. */
    public static final int DEFAULT_REQUESTS = 400;

    private final int models, devices, requests;
    private final double[] solo, minSolo, slo, fairShareRate;
    private final SlowdownTable slowdowns;
    private final boolean[] contextBound;
    private final double creditPeriodMs, horizonMs;
    // the arrival trace
    private final double[] arrivalMs;
    private final int[] arrivalModel;
    private final double[][] modelArrivals; // per model, its arrival times in order
    // per-run state, reused
    private final int[] head, tail, running;
    private final double[] busyUntil, consumed;
    private final long[] offered, good, late;
    private double latencyOverSlo;
    private long lost, lossBudget;
    private final double[] headArrival, headDeadline;

    public SampledSimulator(InterferenceWorkload workload, SlowdownTable slowdowns, int requests, double creditPeriodMs, long seed) {
        this(workload, slowdowns, poissonTrace(workload, requests, seed), creditPeriodMs);
    }

    /** An arrival trace: times (ascending, ms) and the model of each. */
    record Trace(double[] arrivalMs, int[] model) {}

    /** One Poisson stream of the total rate, each arrival's model drawn by its share: the same as one Poisson stream per model. */
    static Trace poissonTrace(InterferenceWorkload workload, int requests, long seed) {
        if (requests < 1) throw new IllegalArgumentException("requests must be ≥ 1");
        double total = workload.totalRate();
        if (!(total > 0)) throw new IllegalArgumentException("the workload offers no requests");
        SplittableRandom rng = new SplittableRandom(seed);
        double[] times = new double[requests];
        int[] models = new int[requests];
        double t = 0;
        for (int i = 0; i < requests; i++) {
            t += -Math.log(1 - rng.nextDouble()) * 1000.0 / total;
            times[i] = t;
            double u = rng.nextDouble() * total;
            int m = 0;
            while (m < workload.modelCount() - 1 && u >= workload.models().get(m).ratePerSec()) u -= workload.models().get(m++).ratePerSec();
            models[i] = m;
        }
        return new Trace(times, models);
    }

    SampledSimulator(InterferenceWorkload workload, SlowdownTable slowdowns, Trace trace, double creditPeriodMs) {
        this.models = workload.modelCount();
        this.devices = workload.deviceCount();
        if (slowdowns.models() != models || slowdowns.devices() != devices) throw new IllegalArgumentException("slowdown table of another workload");
        if (!(creditPeriodMs > 0)) throw new IllegalArgumentException("creditPeriodMs must be > 0");
        this.requests = trace.arrivalMs().length;
        this.slowdowns = slowdowns;
        this.contextBound = workload.platform().contextBound();
        this.creditPeriodMs = creditPeriodMs;
        solo = new double[models * devices];
        minSolo = new double[models];
        slo = new double[models];
        fairShareRate = new double[models];
        for (int m = 0; m < models; m++) {
            minSolo[m] = Double.POSITIVE_INFINITY;
            double capacity = 0;
            for (int d = 0; d < devices; d++) {
                solo[m * devices + d] = workload.soloMs(m, d);
                minSolo[m] = Math.min(minSolo[m], solo[m * devices + d]);
                capacity += 1000.0 / models / solo[m * devices + d];
            }
            slo[m] = workload.models().get(m).sloMs();
            fairShareRate[m] = Math.min(workload.models().get(m).ratePerSec(), capacity);
        }
        arrivalMs = trace.arrivalMs();
        arrivalModel = trace.model();
        horizonMs = arrivalMs[requests - 1];
        int[] counts = new int[models];
        for (int m : arrivalModel) counts[m]++;
        modelArrivals = new double[models][];
        for (int m = 0; m < models; m++) modelArrivals[m] = new double[counts[m]];
        Arrays.fill(counts, 0);
        for (int i = 0; i < requests; i++) modelArrivals[arrivalModel[i]][counts[arrivalModel[i]]++] = arrivalMs[i];
        head = new int[models];
        tail = new int[models];
        headArrival = new double[models];
        headDeadline = new double[models];
        running = new int[devices];
        busyUntil = new double[devices];
        consumed = new double[models * devices];
        offered = new long[models];
        good = new long[models];
        late = new long[models];
        for (int m = 0; m < models; m++) offered[m] = modelArrivals[m].length;
    }

    /** Requests in the trace (offered per matrix). */
    public int requests() {
        return requests;
    }

    public double horizonMs() {
        return horizonMs;
    }

    /** Simulates the matrix (flat [m * devices + d]) to the end and returns the outcome. */
    public SampleOutcome simulate(double[] ratio) {
        return simulate(ratio, Long.MAX_VALUE);
    }

    /**
     * Simulates the matrix, giving up (and returning null) as soon as more than {@code lossBudget} requests are
     * lost (dropped or served late): the planner passes {@link PlanGoal#lossBudget} of the best score so far, the
     * most a matrix may lose and still beat it, so a matrix that is abandoned could not have been chosen. Lost
     * requests only ever accumulate, and every count here is final when made, so the early exit is exact.
     */
    public SampleOutcome simulate(double[] ratio, long lossBudget) {
        if (lossBudget < 0) return null;
        lost = 0;
        this.lossBudget = lossBudget;
        Arrays.fill(head, 0);
        Arrays.fill(tail, 0);
        Arrays.fill(running, -1);
        Arrays.fill(busyUntil, Double.POSITIVE_INFINITY);
        Arrays.fill(consumed, 0);
        Arrays.fill(good, 0);
        Arrays.fill(late, 0);
        latencyOverSlo = 0;
        Arrays.fill(headArrival, Double.POSITIVE_INFINITY);
        Arrays.fill(headDeadline, Double.NEGATIVE_INFINITY);
        int next = 0;
        double nextReset = creditPeriodMs;
        while (true) {
            double tArrival = next < requests ? arrivalMs[next] : Double.POSITIVE_INFINITY;
            double tDone = Double.POSITIVE_INFINITY;
            int done = -1;
            for (int d = 0; d < devices; d++) {
                if (busyUntil[d] < tDone) { tDone = busyUntil[d]; done = d; } // +∞ while idle
            }
            double now = Math.min(tArrival, tDone);
            if (now == Double.POSITIVE_INFINITY) break;
            if (nextReset <= now) { // credit replenished before the next event (as the router's timer does)
                Arrays.fill(consumed, 0);
                while (nextReset <= now) nextReset += creditPeriodMs;
            }
            if (tDone <= tArrival) {
                running[done] = -1;
                busyUntil[done] = Double.POSITIVE_INFINITY;
            } else {
                int m = arrivalModel[next++];
                if (tail[m]++ == head[m]) refreshHead(m);
            }
            if (!fill(now, ratio)) return null;
        }
        return new SampleOutcome(offered, good, late, horizonMs, latencyOverSlo, fairShareRate);
    }

    /** Fills every idle device; false once more than the loss budget is lost. */
    private boolean fill(double now, double[] ratio) {
        boolean idle = false;
        for (int d = 0; d < devices; d++) idle |= running[d] < 0;
        if (!idle) return true; // drops matter only to a choice; dropping later changes no outcome the goals count
        for (int m = 0; m < models; m++) {
            double[] arr = modelArrivals[m];
            if (now + minSolo[m] <= headDeadline[m]) continue;
            int h = head[m];
            while (head[m] < tail[m] && now + minSolo[m] > arr[head[m]] + slo[m]) head[m]++; // dropped: unmeetable
            lost += head[m] - h;
            refreshHead(m);
        }
        if (lost > lossBudget) return false;
        for (int d = 0; d < devices; d++) {
            if (running[d] >= 0) continue;
            int m = CreditRule.choose(d, models, devices, now, headArrival, headDeadline, ratio, consumed, solo, contextBound);
            if (m < 0) continue;
            int k = m * devices + d;
            double exec = solo[k] * slowdowns.slowdown(d, m, running);
            double arrival = modelArrivals[m][head[m]++];
            refreshHead(m);
            if (now + exec <= arrival + slo[m]) good[m]++; else { late[m]++; lost++; }
            latencyOverSlo += (now + exec - arrival) / slo[m];
            consumed[k] += solo[k];
            running[d] = m;
            busyUntil[d] = now + exec;
        }
        return lost <= lossBudget;
    }

    private void refreshHead(int m) {
        if (head[m] < tail[m]) {
            headArrival[m] = modelArrivals[m][head[m]];
            headDeadline[m] = headArrival[m] + slo[m];
        } else {
            headArrival[m] = Double.POSITIVE_INFINITY;
            headDeadline[m] = Double.NEGATIVE_INFINITY;
        }
    }
}
