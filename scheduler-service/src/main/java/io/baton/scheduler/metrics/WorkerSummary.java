package io.baton.scheduler.metrics;

/**
 * One worker as the admin page shows it: membership and what our batches keep it doing.
 *
 * @param workerId        the worker's id
 * @param state           {@code LIVE} or {@code EVICTED}
 * @param deviceKind      {@code cpu} or {@code gpu}
 * @param busy            a batch of ours is on it now
 * @param runningBatches  batches of ours on it now (it queues them)
 * @param idleFraction    share of the last ~10 s with no batch of ours on it (1 for a worker never sent one)
 * @param busySeconds     time with a batch of ours on it since the scheduler started
 * @param residentModels  models resident on it, as its last heartbeat said
 */
public record WorkerSummary(String workerId, String state, String deviceKind, boolean busy, int runningBatches,
                            double idleFraction, double busySeconds, int residentModels) {
}
