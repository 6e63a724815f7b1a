/**
 * <b>Symphony</b> ({@code shared/papers/symphony.txt}): centralised, non-work-conserving batch scheduling. Read beside
 * the paper's §4.3–§4.5 and Appendix C (the classes' own "§3.x" references are the sections of
 * {@code shared/papers/symphony-notes.md}):
 * <ul>
 *   <li>{@link io.baton.core.symphony.ModelQueue}, the ModelThread (notes §3.2): a model's deadline-ordered queue, its
 *       rate from {@link io.baton.core.symphony.RateMeter}, its one candidate batch and the
 *       {@link io.baton.core.symphony.BatchingRule}.</li>
 *   <li>{@link io.baton.core.symphony.Rank}, the RankThread (notes §3.3): binding candidates to idle devices.</li>
 *   <li>{@link io.baton.core.symphony.SymphonyDispatcher} wires them on one thread (start here; policy ids
 *       {@code symphony} and {@code work-conserving}); {@link io.baton.core.symphony.ThreadedSymphonyDispatcher} is the
 *       scalable form (paper §4.5, notes §3.5).</li>
 * </ul>
 * Sizing (Eqs. 1–3), autoscaling (§4.4) and partitioning (Appendix A) are in the subpackages.
 */
package io.baton.core.symphony;
