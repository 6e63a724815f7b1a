/**
 * Interference-aware serving on heterogeneous processors (Kim, Kim, Choi, Ahn, Park, Huh: "Interference-Aware
 * DNN Serving on Heterogeneous Processors in Edge Systems"; text in {@code shared/papers/interference.txt}).
 *
 * <p>Where each part of the paper lives:
 * <ul>
 *   <li>§III, §IV-B (what a model is to the predictor): {@link io.baton.core.interference.DeviceClass},
 *       {@link io.baton.core.interference.Platform}, {@link io.baton.core.interference.DeviceFeatures},
 *       {@link io.baton.core.interference.ModelProfile}.</li>
 *   <li>§IV (the predictor): {@link io.baton.core.interference.InterferencePredictor} with
 *       {@link io.baton.core.interference.NoInterference} ("w/o itf pred"),
 *       {@link io.baton.core.interference.MeasuredInterference} ("perfect pred": a measured table) and
 *       {@link io.baton.core.interference.MlpInterferencePredictor} (the four sub-models of §IV-A,
 *       {@link io.baton.core.interference.SubModel}, each an {@link io.baton.core.interference.Mlp}).</li>
 *   <li>§IV-C (training data from random models, once per platform):
 *       {@link io.baton.core.interference.RandomModels}, {@link io.baton.core.interference.TrainingSet}.</li>
 *   <li>The Xavier-like world the benchmark runs on (Table III is lost from our copy, so its figures are
 *       reconstructed from the paper's ratios): {@link io.baton.core.interference.XavierLike},
 *       {@link io.baton.core.interference.ContentionModel} (the synthetic ground truth).</li>
 *   <li>§V-C, §V-D (sampled simulation): {@link io.baton.core.interference.AllocationSampler},
 *       {@link io.baton.core.interference.SampledSimulator}, {@link io.baton.core.interference.PlanGoal},
 *       {@link io.baton.core.interference.InterferencePlanner}, {@link io.baton.core.interference.Replanner}.</li>
 *   <li>§V-B (runtime): {@link io.baton.core.interference.CreditRule}, {@link io.baton.core.interference.CreditRouter};
 *       §VI-A baselines: {@link io.baton.core.interference.AffinityDispatcher} with
 *       {@link io.baton.core.interference.AffinityPlacement} ("Base"); "Base fair" is the
 *       credit router with equal shares.</li>
 *   <li>§V as a running system, live (the scheduler's policy {@code interference}):
 *       {@link io.baton.core.interference.InterferenceDispatcher} routes with the credit router and re-plans with
 *       the planner for measured rates and learned device speeds, over {@link io.baton.core.interference.Platform#workers
 *       independent workers}, predicting slowdowns from profiled features with
 *       {@link io.baton.core.interference.BubblePressurePredictor}.</li>
 * </ul>
 */
package io.baton.core.interference;
