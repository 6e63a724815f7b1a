package io.baton.core.schemble;

/**
 * What happened to one ensemble query in a simulated run.
 *
 * @param ranMask      the base models whose task finished for it (0 if dropped)
 * @param completionMs when its last task finished (NaN if dropped)
 * @param dropped      rejected by the policy
 */
public record QueryOutcome(long id, int sample, double arrivalMs, double deadlineMs, int ranMask, double completionMs,
                           boolean dropped) {
    public boolean met() {
        return !dropped && completionMs <= deadlineMs + 1e-9;
    }

    public double latencyMs() {
        return completionMs - arrivalMs;
    }
}
