package io.baton.scheduler.traffic;

import java.util.Locale;

import io.baton.scheduler.dispatch.BatchPath;

/**
 * What served batches cost beyond ONNX Runtime's run, measured from the requests recorded since the last report, for
 * the simulator's explicit live-path parameters (scheduling-core's {@code LivePathCosts}):
 * <ul>
 *   <li>the worker's time on a batch besides the run (and any model load), {@code workerMs − executionMs}, fitted by
 *       least squares as {@code perBatchMs + perRequestMs × batchSize};</li>
 *   <li>{@code transferMs}: the round trip at the scheduler less the worker's time, averaged over batches;</li>
 *   <li>{@code plannedMs}: the dispatch overhead the policies planned with, averaged over batches;</li>
 *   <li>{@code handoffMs}: from a request's receipt until the engine's thread told its policy of it, averaged over
 *       the requests (each batch reports its requests' mean, so summing it once per request sums theirs).</li>
 * </ul>
 * Every request of a batch reports the same batch, so each is weighted 1 / batch size: each batch counts once. A
 * negative intercept or slope (noise on a flat cost) is clamped to 0 with the other refitted. Only the writer thread
 * touches it.
 */
final class LivePathSamples {

    private double w, wx, wy, wxx, wxy, wt, wp, handoffSum, handoffRequests;

    /** Adds one served request; requests without a measured batch path are skipped. */
    void add(TrafficLine s) {
        if (s.path() == null || s.batchSize() < 1) return;
        BatchPath p = s.path();
        if (!Double.isFinite(p.workerMs()) || !Double.isFinite(p.executionMs()) || !Double.isFinite(p.roundTripMs())) return;
        double weight = 1.0 / s.batchSize();
        double x = s.batchSize();
        double y = Math.max(0, p.workerMs() - p.executionMs());
        double t = Math.max(0, p.roundTripMs() - p.workerMs());
        w += weight;
        wx += weight * x;
        wy += weight * y;
        wxx += weight * x * x;
        wxy += weight * x * y;
        wt += weight * t;
        wp += weight * (Double.isFinite(p.plannedOverheadMs()) ? p.plannedOverheadMs() : 0);
        if (Double.isFinite(p.handoffMs())) {
            handoffSum += Math.max(0, p.handoffMs());
            handoffRequests++;
        }
    }

    /** Batches measured since the last {@link #reset}. */
    long batches() {
        return Math.round(w);
    }

    /**
     * {@code # overhead perBatchMs=… perRequestMs=… transferMs=… plannedMs=… handoffMs=… batches=…}, or null when
     * nothing was measured.
     */
    String report() {
        if (w <= 0) return null;
        double meanX = wx / w, meanY = wy / w;
        double sxx = wxx - wx * meanX;
        double slope = sxx > 1e-9 * Math.max(1, wxx) ? (wxy - wx * meanY) / sxx : 0;
        double intercept = meanY - slope * meanX;
        if (slope < 0) {
            slope = 0;
            intercept = meanY;
        } else if (intercept < 0) {
            intercept = 0;
            slope = wxx > 0 ? wxy / wxx : 0;
        }
        return String.format(Locale.ROOT, "# overhead perBatchMs=%.4f perRequestMs=%.4f transferMs=%.4f plannedMs=%.4f"
                + " handoffMs=%.4f batches=%d", intercept, slope, wt / w, wp / w,
                handoffRequests > 0 ? handoffSum / handoffRequests : 0, batches());
    }

    void reset() {
        w = wx = wy = wxx = wxy = wt = wp = handoffSum = handoffRequests = 0;
    }
}
