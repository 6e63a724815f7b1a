package io.baton.scheduler.dispatch;

import java.time.Duration;
import java.util.Collection;

/**
 * How long the scheduler waits for a worker's answer to one batch: the batch's expected latency plus the grace
 * ({@code baton.scheduler.worker-call-grace}), or until the batch's latest deadline when that is later. Before that
 * deadline the answer is still worth having; a call cut short sooner (a request of thousands of rows, which the
 * profile prices as one) was retried on another worker, doing the work twice, and then failed while its deadline was
 * still seconds ahead. A worker that hangs is given up at the deadline, never later than {@link #MAX}.
 */
final class WorkerCallTimeout {

    /** The longest wait, whatever the deadline: a hung worker must not hold a batch for longer. */
    static final Duration MAX = Duration.ofMinutes(5);

    private WorkerCallTimeout() {
    }

    static Duration of(double expectedMs, Duration grace, double latestDeadlineMs, double nowMs) {
        Duration expected = Duration.ofNanos((long) (Math.max(0, expectedMs) * 1e6)).plus(grace);
        double untilDeadlineMs = latestDeadlineMs - nowMs;
        Duration untilDeadline = Double.isFinite(untilDeadlineMs) && untilDeadlineMs > 0
                ? Duration.ofNanos((long) (Math.min(untilDeadlineMs, MAX.toMillis()) * 1e6)) : Duration.ZERO;
        Duration wait = expected.compareTo(untilDeadline) >= 0 ? expected : untilDeadline;
        return wait.compareTo(MAX) > 0 ? MAX : wait;
    }

    /** The latest deadline of {@code requests}. */
    static double latestDeadlineMs(Collection<PendingRequest> requests) {
        double latest = Double.NEGATIVE_INFINITY;
        for (PendingRequest p : requests) latest = Math.max(latest, p.deadlineMs);
        return latest;
    }
}
