package io.baton.core.policy;

/**
 * A re-armable one-shot timer owned by a policy. Arming an armed timer moves it; policies re-arm
 * their timers on almost every event, so implementations make that cheap (the simulator updates a heap
 * entry in place, nothing is allocated).
 */
public interface Timer {
    /** Fire at atMs (or as soon as possible if that is already past). Replaces any earlier arming. */
    void setAt(double atMs);

    void cancel();

    boolean armed();

    /** The time it is armed for, or +∞ when not armed. */
    double atMs();
}
