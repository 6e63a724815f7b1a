package io.baton.scheduler.dispatch;

import java.util.Map;
import java.util.TreeMap;

import io.baton.core.domain.LatencyProfile;

/**
 * ℓ(b) of a variant that has no profile yet, learned from the batches it runs: the worker's execution time per batch
 * size, smoothed. It lets a variant serve from its registration on, under work-conserving, until the profiler's
 * numbers land.
 *
 * <p><b>The prior.</b> With nothing measured, ℓ is taken as next to nothing (so that no request is dropped for a
 * deadline no one can predict) and batches are capped at one request: the first batch measures ℓ(1) alone. After
 * that the cap doubles past the largest batch size seen, so the batch sizes grow only as far as they were measured
 * (or one doubling beyond, read off the linear fit through the points; one point gives a flat line through it).
 *
 * <p>Shared by the engines that serve the variant; every method is synchronized.
 */
public final class LearnedLatency {

    /** ℓ before anything is measured: small enough that no deadline is judged unmeetable on it. */
    static final double PRIOR_MS = 0.001;
    /** Weight of a new measurement in the running estimate of its batch size. */
    static final double WEIGHT = 0.3;
    /** A change of the estimate by more than this fraction is worth a re-plan. */
    static final double REPLAN_CHANGE = 0.25;

    private final TreeMap<Integer, Double> estimates = new TreeMap<>();
    private final TreeMap<Integer, Double> published = new TreeMap<>();
    private LatencyProfile profile = LatencyProfile.linear(0, PRIOR_MS);

    /**
     * Records one batch's execution time; true when the profile to plan with changed enough (a batch size measured
     * for the first time, or an estimate moved by more than a quarter) that the policy should be re-planned.
     */
    synchronized boolean record(int batchSize, double executionMs) {
        if (batchSize < 1 || !(executionMs > 0) || Double.isInfinite(executionMs)) return false;
        estimates.merge(batchSize, executionMs, (old, now) -> old + WEIGHT * (now - old));
        double estimate = estimates.get(batchSize);
        Double planned = published.get(batchSize);
        if (planned != null && Math.abs(estimate - planned) <= REPLAN_CHANGE * planned) return false;
        published.clear();
        published.putAll(estimates);
        profile = LatencyProfile.measured(published, LatencyProfile.Fit.LINEAR);
        return true;
    }

    /** ℓ(b) to plan with now: the prior, or the linear fit through the sizes measured. */
    synchronized LatencyProfile profile() {
        return profile;
    }

    /** The largest batch to plan now, at most {@code limit}: 1 before any measurement, then twice the largest seen. */
    synchronized int cap(int limit) {
        int seen = estimates.isEmpty() ? 0 : estimates.lastKey();
        return Math.max(1, Math.min(limit, seen == 0 ? 1 : 2 * seen));
    }

    /** The estimates so far (batch size → ms), for tests and messages. */
    synchronized Map<Integer, Double> estimates() {
        return Map.copyOf(estimates);
    }
}
