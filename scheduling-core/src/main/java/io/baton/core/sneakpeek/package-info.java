/**
 * <b>SneakPeek</b> (Wolfrath, Frink, Chandra, SoCC '25; {@code shared/papers/sneakpeek.txt}): data-aware model
 * selection and grouped scheduling of several applications' requests on one constrained device.
 *
 * <p>Read beside the paper:
 * <ul>
 *   <li>§3.1 eqs. 1–6 (start time, utility, objective): {@link io.baton.core.sneakpeek.SchedulingWindow},
 *       {@link io.baton.core.sneakpeek.Execution}, {@link io.baton.core.sneakpeek.ScheduleEvaluator};
 *       penalties (§6.1) in {@link io.baton.core.sneakpeek.Penalty}.</li>
 *   <li>§4 eqs. 7–11 (per-class recall, Dirichlet prior, k-NN evidence, posterior mean θ, data-aware accuracy
 *       Σθ_i·r_i): {@link io.baton.core.sneakpeek.ModelVariant}, {@link io.baton.core.sneakpeek.DirichletPrior},
 *       {@link io.baton.core.sneakpeek.KnnEvidence}, {@link io.baton.core.sneakpeek.HnswEvidence}.</li>
 *   <li>§5.1 eq. 12 (priority) and eq. 13 (locally-optimal selection), the baselines of §6.1:
 *       {@link io.baton.core.sneakpeek.Priority}, {@link io.baton.core.sneakpeek.RequestLevelScheduler}.</li>
 *   <li>§5.2 eq. 14 and Algorithm 1 (grouped scheduling, brute force up to τ groups), §5.3 (short-circuit,
 *       label sub-groups): {@link io.baton.core.sneakpeek.GroupedScheduler},
 *       {@link io.baton.core.sneakpeek.GroupBruteForce}.</li>
 *   <li>The worker's model cache under a memory budget (swap cost = measured load time):
 *       {@link io.baton.core.sneakpeek.ModelCache}.</li>
 * </ul>
 */
package io.baton.core.sneakpeek;
