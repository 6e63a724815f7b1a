/**
 * <b>Symphony</b> ({@code shared/papers/symphony.txt}): deferred batch scheduling. Read beside the paper's §3 and
 * Appendix C: {@link io.baton.core.symphony.ModelQueue} (the ModelThread: a model's deadline-ordered queue, its rate
 * from {@link io.baton.core.symphony.RateMeter}, its one candidate batch and the
 * {@link io.baton.core.symphony.BatchingRule}, §3.2) and {@link io.baton.core.symphony.Rank} (the RankThread: binding
 * candidates to idle devices, §3.3). {@link io.baton.core.symphony.SymphonyDispatcher} wires them on one thread (policy
 * ids {@code symphony} and {@code work-conserving}); {@link io.baton.core.symphony.ThreadedSymphonyDispatcher} is the
 * scalable form of §3.5. Sizing, autoscaling and partitioning are in the subpackages.
 */
package io.baton.core.symphony;
