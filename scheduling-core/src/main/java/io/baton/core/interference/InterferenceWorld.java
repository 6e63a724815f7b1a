package io.baton.core.interference;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.PolicyIds;
import io.baton.core.sim.SimulationResult;
import io.baton.core.sim.SimulationSpec;
import io.baton.core.sim.Simulator;
import io.baton.core.workload.ArrivalSource;
import io.baton.core.workload.GeneratedArrivals;
import io.baton.core.workload.InterArrivals;
import java.util.ArrayList;
import java.util.List;

/**
 * One workload on one SoC, ready to simulate any of the paper's policies (§VI-A) against a ground truth:
 * <ul>
 *   <li>{@code base}: {@link AffinityDispatcher#strict} (the paper's affinity partition, {@link AffinityPlacement});</li>
 *   <li>{@code base-fair}: the credit router with equal shares;</li>
 *   <li>{@code interference-off}: planned believing there is no interference ("w/o itf pred");</li>
 *   <li>{@code interference}: planned with the MLP predictor ("w/ itf pred");</li>
 *   <li>{@code interference-perfect}: planned with the measured table ("perfect pred");</li>
 *   <li>{@code base-wc}: {@link AffinityDispatcher#workConserving}, a stronger affinity baseline than the
 *       paper's, reported beside it.</li>
 * </ul>
 * Arrivals are Poisson per model. The served models carry their GPU latency as their profile (the world's
 * per-device latencies and slowdowns come from {@link InterferenceExecution}).
 *
 * @param truth    what really happens (the ground truth's table for this workload)
 * @param mlp      the trained predictor ({@code interference})
 * @param measured the measured table ({@code interference-perfect})
 */
public record InterferenceWorld(InterferenceWorkload workload, SlowdownTable truth, InterferencePredictor mlp,
                                InterferencePredictor measured) {
    public static final List<String> POLICIES = List.of("base", "base-fair", PolicyIds.INTERFERENCE_OFF, PolicyIds.INTERFERENCE,
            "interference-perfect", "base-wc");

    public InterferenceWorld withWorkload(InterferenceWorkload other) {
        return new InterferenceWorld(other, truth, mlp, measured);
    }

    /** The predictor a policy plans with, or null for the baselines that do not plan. */
    public InterferencePredictor predictorOf(String policy) {
        return switch (policy) {
            case PolicyIds.INTERFERENCE_OFF -> NoInterference.INSTANCE;
            case PolicyIds.INTERFERENCE -> mlp;
            case "interference-perfect" -> measured;
            case "base", "base-fair", "base-wc" -> null;
            default -> throw new IllegalArgumentException("unknown policy '" + policy + "': one of " + String.join(", ", POLICIES));
        };
    }

    /** A fresh dispatcher for one run; the planning policies plan here (1,000 samples from the seed). */
    public Dispatcher dispatcher(String policy, PlanGoal goal, long seed) {
        return switch (policy) {
            case "base" -> AffinityDispatcher.strict(workload);
            case "base-wc" -> AffinityDispatcher.workConserving(workload);
            case "base-fair" -> new CreditRouter(policy, workload, AllocationMatrix.fairWithinContexts(workload),
                    CreditRule.DEFAULT_PERIOD_MS);
            default -> {
                InterferencePlan plan = InterferencePlanner.standard(policy, predictorOf(policy), goal, seed).plan(workload);
                yield new CreditRouter(policy, workload, plan.allocation(), CreditRule.DEFAULT_PERIOD_MS);
            }
        };
    }

    public SimulationResult run(Dispatcher dispatcher, double durationMs, long seed) {
        return Simulator.run(spec(durationMs, seed), dispatcher, new InterferenceExecution(workload, truth));
    }

    public SimulationSpec spec(double durationMs, long seed) {
        List<ServedModel> served = new ArrayList<>();
        for (int m = 0; m < workload.modelCount(); m++) {
            WorkloadModel wm = workload.models().get(m);
            served.add(new ServedModel(m, wm.name(), LatencyProfile.linear(wm.profile().soloMs(DeviceClass.GPU), 0), wm.sloMs(), 1));
        }
        return new SimulationSpec(served, workload.platform().devices(), () -> {
            List<ArrivalSource> sources = new ArrayList<>();
            for (int m = 0; m < workload.modelCount(); m++) {
                double rate = workload.models().get(m).ratePerSec();
                if (rate > 0) sources.add(new GeneratedArrivals(m, InterArrivals.poisson(rate), 0, durationMs, seed * 1_000_003L + m));
            }
            return sources;
        }, durationMs, 0, 0, seed);
    }
}
