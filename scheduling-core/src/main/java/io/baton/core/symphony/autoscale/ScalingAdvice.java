package io.baton.core.symphony.autoscale;

/**
 * One epoch's advice to the external autoscaler (Symphony §4.4, Fig. 14's "add/remove GPUs" panel). At most one
 * of {@code add} and {@code release} is non-zero.
 *
 * @param add     devices to request
 * @param release devices that can be given back
 * @param reason  one line explaining the numbers (signal, threshold, formula)
 */
public record ScalingAdvice(int add, int release, String reason) {
    public ScalingAdvice {
        if (add < 0 || release < 0) throw new IllegalArgumentException("add and release must be ≥ 0");
        if (add > 0 && release > 0) throw new IllegalArgumentException("advice cannot both add and release");
        reason = reason == null ? "" : reason;
    }

    /** Whether the advice is to change nothing. */
    public boolean isHold() {
        return add == 0 && release == 0;
    }

    /** Signed change in device count: +add or −release. */
    public int delta() {
        return add - release;
    }
}
