package io.baton.core.ipa;

import io.baton.core.ipa.forecast.LoadForecaster;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * IPA's adaptation loop (§3, the artifact's {@code Adapter}), once per interval: forecast λ from the per-second
 * load of the last 2 minutes, solve the integer program of the policy (IPA or a baseline's constrained version)
 * for λ, and apply the plan. As in the artifact, when the solver finds no configuration the current one stays.
 * Before any configuration exists (the very first decision fails) it falls back to the lightest variant of every
 * stage at the largest batch with as many replicas as allowed (or the policy's fixed count): the configuration
 * with the most throughput the policy may use.
 */
public final class IpaAdapter implements PipelineSimulator.Controller {

    private final IpaProblem base;
    private final IpaPolicy policy;
    private final IpaPolicy.BaselineSettings settings;
    private final LoadForecaster forecaster;
    private final IpaSolver solver;
    private final List<Double> forecasts = new ArrayList<>();

    public IpaAdapter(IpaProblem base, IpaPolicy policy, IpaPolicy.BaselineSettings settings, LoadForecaster forecaster,
                      IpaSolver solver) {
        this.base = Objects.requireNonNull(base);
        this.policy = Objects.requireNonNull(policy);
        this.settings = Objects.requireNonNull(settings);
        this.forecaster = Objects.requireNonNull(forecaster);
        this.solver = Objects.requireNonNull(solver);
    }

    @Override
    public PipelineSimulator.Decision decide(double nowMs, double[] history, PipelineSimulator.Decision current) {
        double lambda = forecaster.predict(history);
        forecasts.add(lambda);
        IpaProblem p = policy.constrain(base.withArrivalRate(lambda), settings);
        IpaPlan plan = solver.solve(p);
        if (plan.feasible()) return new PipelineSimulator.Decision(plan.stages(), lambda);
        return current != null ? current : fallback(p, lambda);
    }

    /** The forecasts made so far, one per decision. */
    public List<Double> forecasts() {
        return List.copyOf(forecasts);
    }

    static PipelineSimulator.Decision fallback(IpaProblem p, double lambda) {
        int[] light = p.pinnedVariant().clone();
        int[] lightest = IpaPolicy.lightest(p.pipeline());
        int maxBatch = java.util.Arrays.stream(p.batchSizes()).max().orElse(1);
        List<StageConfig> out = new ArrayList<>();
        for (int s = 0; s < p.pipeline().size(); s++) {
            int m = light[s] >= 0 ? light[s] : lightest[s];
            ModelVariant v = p.pipeline().stage(s).variants().get(m);
            int n = p.fixedReplicas()[s] > 0 ? p.fixedReplicas()[s] : p.maxReplicas();
            out.add(new StageConfig(p.pipeline().stage(s).name(), m, v.name(), maxBatch, n, v.cores()));
        }
        return new PipelineSimulator.Decision(out, lambda);
    }
}
