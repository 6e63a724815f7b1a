/**
 * Which of the scheduler's replicas is active. {@link io.baton.scheduler.leader.LeaderElection} holds (or watches
 * another holding) the registry's lease {@code scheduler-leader}, renewing it every second; the leader serves, the
 * standby keeps its worker membership current and serves nothing: {@link io.baton.scheduler.leader.NotLeaderFilter}
 * answers its inference and scaling routes 503 {@code not-leader} naming the leader's URL, and the epoch autoscaler
 * and IPA's adapter skip their turns. {@link io.baton.scheduler.leader.LeaderController} shows the state. Start at
 * {@code LeaderElection}; the README's "Two schedulers" section says why the design is this one.
 */
package io.baton.scheduler.leader;
