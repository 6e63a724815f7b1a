package io.baton.scheduler.metrics;

/**
 * One worker over one sampling interval of the history.
 *
 * @param workerId     the worker's id
 * @param busyFraction share of the interval with at least one batch of ours on it (0 … 1); the rest it was idle
 */
public record WorkerSample(String workerId, double busyFraction) {
}
