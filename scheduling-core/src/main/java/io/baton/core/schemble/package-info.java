/**
 * <b>Schemble</b> (Li et al., ICDE 2023; {@code shared/papers/schemble.txt}): query-level scheduling of an ensemble's
 * base models by each query's difficulty.
 *
 * <p>Read beside the paper:
 * <ul>
 *   <li>§V-A eq. 1, the discrepancy score: {@link io.baton.core.schemble.DiscrepancyScore},
 *       {@link io.baton.core.schemble.TemperatureScaling}, {@link io.baton.core.schemble.Distances}; eq. 2, the
 *       difficulty predictor: {@code io.baton.core.schemble.difficulty}.</li>
 *   <li>§V-B/§V-D score bins and the (bin, subset) accuracy table: {@link io.baton.core.schemble.ScoreBins},
 *       {@link io.baton.core.schemble.AccuracyProfile}; eq. 3: {@link io.baton.core.schemble.MarginalRewardEstimate};
 *       what is profiled once per ensemble: {@link io.baton.core.schemble.EnsembleProfile}.</li>
 *   <li>§VI-B Algorithm 1 (start here): {@link io.baton.core.schemble.SchemblePlanner}, with
 *       {@link io.baton.core.schemble.FinishTimes} and {@link io.baton.core.schemble.CountSkyline} for line 15's
 *       pruning; the online loop around it: {@link io.baton.core.schemble.SchembleDispatcher}.</li>
 *   <li>§VII aggregation with missing outputs: {@link io.baton.core.schemble.Aggregators},
 *       {@link io.baton.core.schemble.KnnFiller}.</li>
 *   <li>§VIII baselines: {@link io.baton.core.schemble.ArrivalSelectionDispatcher} (original, static, gating, DES),
 *       {@link io.baton.core.schemble.GatingNetwork}, {@link io.baton.core.schemble.KnoraE},
 *       {@link io.baton.core.schemble.GreedyPlanner} (Exp-4).</li>
 *   <li>Simulation: {@link io.baton.core.schemble.EnsembleSimulator} over recorded
 *       {@link io.baton.core.schemble.EnsembleOutputs} (recorded by {@link io.baton.core.schemble.OrtRecorder}).</li>
 * </ul>
 */
package io.baton.core.schemble;
