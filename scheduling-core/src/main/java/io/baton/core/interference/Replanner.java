package io.baton.core.interference;

import java.util.List;

/**
 * §V-C: "Simulation for scheduling is necessary only when the current workload changes": a model added or
 * removed, or a significant change in request rates (as in Nexus). Holds the last plan and plans again only
 * then. "Significant" is not quantified in the paper: here a model's rate moving by more than
 * {@code rateTolerance} (relative, default 20%) of the rate it was planned for, or, for a model planned at
 * rate 0, rising above 1 request/s. A workload that gives solo latencies per device (the live scheduler's measured
 * ones) has also changed when one of them moved by more than the same tolerance.
 */
public final class Replanner {
    public static final double DEFAULT_RATE_TOLERANCE = 0.2;

    private final InterferencePlanner planner;
    private final double rateTolerance;
    private InterferenceWorkload planned;
    private InterferencePlan plan;
    private SlowdownTable table;
    private int plans;

    public Replanner(InterferencePlanner planner, double rateTolerance) {
        this.planner = planner;
        this.rateTolerance = rateTolerance;
    }

    /** The plan for this workload: the last one if the workload has not changed significantly, else a new one. */
    public InterferencePlan planFor(InterferenceWorkload workload) {
        if (plan != null && !changed(workload)) return plan;
        if (table == null || !sameModels(workload)) {
            table = SlowdownTable.forPlanning(planner.predictorForTable(), workload.platform(), workload.profiles());
        }
        plan = planner.plan(workload, table);
        planned = workload;
        plans++;
        return plan;
    }

    /** The slowdown table the last plan used (null before the first). */
    public SlowdownTable table() {
        return table;
    }

    /** How many times it has planned. */
    public int plans() {
        return plans;
    }

    public boolean changed(InterferenceWorkload workload) {
        if (planned == null || !sameModels(workload)) return true;
        List<WorkloadModel> now = workload.models(), then = planned.models();
        for (int i = 0; i < now.size(); i++) {
            double was = then.get(i).ratePerSec(), is = now.get(i).ratePerSec();
            if (was == 0 ? is > 1 : Math.abs(is - was) > rateTolerance * was) return true;
        }
        for (int m = 0; m < workload.modelCount(); m++) {
            for (int d = 0; d < workload.deviceCount(); d++) {
                double was = planned.soloMs(m, d), is = workload.soloMs(m, d);
                if (Math.abs(is - was) > rateTolerance * was) return true;
            }
        }
        return false;
    }

    private boolean sameModels(InterferenceWorkload workload) {
        if (planned == null || !planned.platform().equals(workload.platform())) return false;
        List<WorkloadModel> now = workload.models(), then = planned.models();
        if (now.size() != then.size()) return false;
        for (int i = 0; i < now.size(); i++) {
            if (!now.get(i).profile().equals(then.get(i).profile()) || now.get(i).sloMs() != then.get(i).sloMs()) return false;
        }
        return true;
    }
}
