package io.baton.core.policy;

/** The time a policy sees, in milliseconds: virtual in the simulator, wall time live. */
@FunctionalInterface
public interface Clock {
    double nowMs();

    /** Wall time since an arbitrary origin (the JVM's monotonic clock). */
    static Clock system() {
        long origin = System.nanoTime();
        return () -> (System.nanoTime() - origin) / 1e6;
    }
}
