package io.baton.scheduler.dispatch;

/**
 * Told of every request {@link DispatchService} accepted, once its outcome is known (on the thread that completed
 * it: keep it short and never block). A request refused at once (404, 400, 409) is not accepted, so not told.
 */
@FunctionalInterface
public interface RequestListener {

    /** One request accepted (on the caller's thread, before its engine sees it). */
    default void arrived(Arrival arrival) {
    }

    /** One accepted request and how it ended. */
    void ended(Arrival arrival, InferOutcome outcome);

    /**
     * A request as it arrived.
     *
     * @param arrivalMs  receipt, in ms since the Unix epoch (the wall clock at the dispatcher's start, then its
     *                   monotonic clock: sub-millisecond, never going back)
     * @param deadlineMs its deadline on the same clock
     * @param rows       its rows along axis 0 (1 for a variant that does not batch)
     * @param policy     the policy whose engine serves it
     * @param variant    the variant it was accepted for; null when its policy chooses later (the outcome names it)
     */
    record Arrival(String application, double arrivalMs, double deadlineMs, long rows, String policy,
                   String variant) {
    }
}
