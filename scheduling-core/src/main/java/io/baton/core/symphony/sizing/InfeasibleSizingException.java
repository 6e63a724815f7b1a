package io.baton.core.symphony.sizing;

/**
 * Thrown by {@link SymphonySizing} when no device count in [1, {@link SymphonySizing#MAX_DEVICES}] satisfies the
 * paper's Eqs. 2–3. The message is one line saying why: either no batch meets the SLO for any N, or the rate is
 * out of reach even with the maximum number of devices.
 */
public class InfeasibleSizingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Which of the two ways sizing can fail. */
    public enum Reason {
        /** (1 + 1/N)·ℓ(1) ≥ SLO even at the largest N: not even a batch of one meets the SLO. */
        NO_BATCH_FITS,
        /** Batches fit, but N·b/ℓ(b) stays below the rate up to the largest N. */
        RATE_UNREACHABLE
    }

    private final Reason reason;

    public InfeasibleSizingException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
