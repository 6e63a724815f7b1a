package io.baton.core.interference;

import io.baton.core.policy.Planner;
import java.util.SplittableRandom;

/**
 * §V-C/§V-D, Fig. 6a: goal-independent scheduling by sampled simulation. Draw {@code samples} (1,000 in the
 * paper) random allocation matrices from the seed, simulate each with solo latency × the predictor's slowdown
 * ({@link SampledSimulator}), and keep the one with the highest score under the goal. Matrices with equal
 * scores keep the earlier one, so a plan depends only on the input and the seed.
 *
 * <p>A matrix stops being simulated as soon as it has lost more requests than the goal allows for beating the
 * best so far ({@link PlanGoal#lossBudget}); the plan is the same as without this early exit, only cheaper.
 *
 * <p>Sampled matrices respect the DLA context limit ({@link Platform#contextCap}: at most that many non-zero
 * entries per accelerator column). The "Base fair" matrix ({@link AllocationMatrix#fairWithinContexts}) is always evaluated first as sample 0: a plan is never worse, in the
 * planner's own simulation, than the fair split.
 */
public final class InterferencePlanner implements Planner<InterferenceWorkload, InterferencePlan> {
    public static final int PAPER_SAMPLES = 1000;

    private final String policy;
    private final InterferencePredictor predictor;
    private final PlanGoal goal;
    private final AllocationSampler sampler;
    private final int samples, requestsPerSample;
    private final double creditPeriodMs;
    private final long seed;
    private final boolean pruning;

    public InterferencePlanner(String policy, InterferencePredictor predictor, PlanGoal goal, AllocationSampler sampler,
                               int samples, int requestsPerSample, double creditPeriodMs, long seed) {
        this(policy, predictor, goal, sampler, samples, requestsPerSample, creditPeriodMs, seed, true);
    }

    private InterferencePlanner(String policy, InterferencePredictor predictor, PlanGoal goal, AllocationSampler sampler,
                                int samples, int requestsPerSample, double creditPeriodMs, long seed, boolean pruning) {
        this.pruning = pruning;
        if (samples < 1) throw new IllegalArgumentException("samples must be ≥ 1");
        this.policy = policy;
        this.predictor = predictor;
        this.goal = goal;
        this.sampler = sampler;
        this.samples = samples;
        this.requestsPerSample = requestsPerSample;
        this.creditPeriodMs = creditPeriodMs;
        this.seed = seed;
    }

    /** The paper's configuration: 1,000 continuous samples. */
    public static InterferencePlanner standard(String policy, InterferencePredictor predictor, PlanGoal goal, long seed) {
        return new InterferencePlanner(policy, predictor, goal, AllocationSampler.continuous(), PAPER_SAMPLES,
                SampledSimulator.DEFAULT_REQUESTS, CreditRule.DEFAULT_PERIOD_MS, seed);
    }

    public InterferencePlanner withGoal(PlanGoal other) {
        return new InterferencePlanner(policy, predictor, other, sampler, samples, requestsPerSample, creditPeriodMs, seed, pruning);
    }

    /** The same planner simulating every matrix to the end (the reference the early exit must agree with). */
    public InterferencePlanner withoutEarlyExit() {
        return new InterferencePlanner(policy, predictor, goal, sampler, samples, requestsPerSample, creditPeriodMs, seed, false);
    }

    InterferencePredictor predictorForTable() {
        return predictor;
    }

    public PlanGoal goal() {
        return goal;
    }

    public double creditPeriodMs() {
        return creditPeriodMs;
    }

    @Override
    public InterferencePlan plan(InterferenceWorkload workload) {
        SlowdownTable table = SlowdownTable.forPlanning(predictor, workload.platform(), workload.profiles());
        return plan(workload, table);
    }

    /** Plans with a slowdown table already built for this workload (re-planning at new rates reuses it). */
    public InterferencePlan plan(InterferenceWorkload workload, SlowdownTable table) {
        int models = workload.modelCount(), devices = workload.deviceCount();
        SampledSimulator sim = new SampledSimulator(workload, table, requestsPerSample, creditPeriodMs, seed);
        SplittableRandom rng = new SplittableRandom(seed ^ 0x632BE59BD9B4E019L);
        double[] candidate = AllocationMatrix.fairWithinContexts(workload).flat();
        int[] caps = new int[devices];
        for (int d = 0; d < devices; d++) caps[d] = workload.platform().contextCap(d, models);
        double[] best = candidate.clone();
        SampleOutcome bestOutcome = sim.simulate(candidate).copy();
        double bestScore = goal.score(bestOutcome);
        long offered = sim.requests();
        for (int i = 1; i < samples; i++) {
            sampler.sample(rng, models, devices, candidate, caps);
            SampleOutcome o = pruning ? sim.simulate(candidate, goal.lossBudget(bestScore, offered, sim.horizonMs()))
                    : sim.simulate(candidate);
            if (o == null) continue; // lost too many requests to beat the best so far
            double s = goal.score(o);
            if (s > bestScore) {
                bestScore = s;
                System.arraycopy(candidate, 0, best, 0, best.length);
                bestOutcome = o.copy();
            }
        }
        return new InterferencePlan(policy, AllocationMatrix.ofFlat(best, models, devices), goal.name(), predictor.name(),
                bestScore, bestOutcome, samples);
    }
}
