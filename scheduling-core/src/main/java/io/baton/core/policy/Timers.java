package io.baton.core.policy;

/** Makes timers that run their action on the policy's own thread when they fire. */
@FunctionalInterface
public interface Timers {
    Timer newTimer(Runnable onFire);
}
