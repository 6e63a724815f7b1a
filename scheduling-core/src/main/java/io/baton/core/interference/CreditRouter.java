package io.baton.core.interference;

import java.util.Arrays;

/**
 * §V-B, Fig. 6b: the runtime. When a device has a free slot it runs the waiting request whose model has the
 * highest priority, allocation ratio / consumed allocation, for that device ({@link CreditRule}); the allocation
 * history table (consumed device time per model and device) is reset every credit period; the router is
 * work-conserving. The allocation matrix comes from the {@link InterferencePlanner}; "Base fair" is this router
 * with {@link AllocationMatrix#fairWithinContexts equal shares within the DLA context limit}.
 *
 * <p>The periodic reset is applied lazily at the first event at or after each period boundary: the router
 * decides only at events, so this is the same as a timer and keeps the simulation free of perpetual timers.
 *
 * <p>Re-planning (§V-C): with a {@link Replanner}, the router measures each model's arrival rate over
 * epochs of {@code epochMs} and, at each epoch's end, asks the re-planner for the plan of the measured rates
 * (which plans again only when they changed significantly) and installs its matrix.
 */
public final class CreditRouter extends QueueingDispatcher {

    private final String policy;
    private final double creditPeriodMs;
    private double[] ratio;
    private final double[] consumed;
    private final boolean[] contextBound;
    private double nextResetMs;
    // re-planning
    private final Replanner replanner;
    private final double epochMs;
    private final long[] arrivals;
    private double epochStartMs;

    public CreditRouter(String policy, InterferenceWorkload workload, AllocationMatrix allocation, double creditPeriodMs) {
        this(policy, workload, allocation, creditPeriodMs, null, 0);
    }

    public CreditRouter(String policy, InterferenceWorkload workload, AllocationMatrix allocation, double creditPeriodMs,
                        Replanner replanner, double epochMs) {
        super(workload);
        if (!(creditPeriodMs > 0)) throw new IllegalArgumentException("creditPeriodMs must be > 0");
        if (replanner != null && !(epochMs > 0)) throw new IllegalArgumentException("epochMs must be > 0 to re-plan");
        this.policy = policy;
        this.creditPeriodMs = creditPeriodMs;
        this.consumed = new double[models * devices];
        this.contextBound = workload.platform().contextBound();
        this.replanner = replanner;
        this.epochMs = epochMs;
        this.arrivals = new long[models];
        install(allocation);
        this.nextResetMs = creditPeriodMs;
    }

    @Override
    public String policy() {
        return policy;
    }

    /** Replaces the allocation matrix (a new plan); the credit consumed so far stands until the next reset. */
    public void install(AllocationMatrix allocation) {
        if (allocation.models() != models || allocation.devices() != devices) {
            throw new IllegalArgumentException("allocation matrix is " + allocation.models() + "×" + allocation.devices()
                    + ", the workload " + models + "×" + devices);
        }
        this.ratio = allocation.flat();
    }

    public AllocationMatrix allocation() {
        return AllocationMatrix.ofFlat(ratio, models, devices);
    }

    /** consumed[m][d] this period (a copy), for tests and metrics. */
    public double consumedMs(int m, int d) {
        return consumed[m * devices + d];
    }

    @Override
    public void onArrival(io.baton.core.domain.Request request) {
        arrivals[request.model]++;
        super.onArrival(request);
    }

    @Override
    protected void beforeEvent(double nowMs) {
        if (nowMs >= nextResetMs) {
            Arrays.fill(consumed, 0);
            nextResetMs = (Math.floor(nowMs / creditPeriodMs) + 1) * creditPeriodMs; // the next boundary after now
        }
        if (replanner != null && nowMs - epochStartMs >= epochMs) {
            double[] rates = new double[models];
            for (int m = 0; m < models; m++) rates[m] = arrivals[m] * 1000.0 / (nowMs - epochStartMs);
            install(replanner.planFor(workload.withRates(rates)).allocation());
            Arrays.fill(arrivals, 0);
            epochStartMs = nowMs;
        }
    }

    @Override
    protected int choose(int d, double nowMs) {
        return CreditRule.choose(d, models, devices, nowMs, headArrivalMs, headDeadlineMs, ratio, consumed, solo, contextBound);
    }

    @Override
    protected void charged(int m, int d) {
        consumed[m * devices + d] += solo[m * devices + d];
    }
}
