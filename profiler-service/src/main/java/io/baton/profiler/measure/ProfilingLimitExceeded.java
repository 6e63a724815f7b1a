package io.baton.profiler.measure;

/** A variant whose measurement passed one of the {@link ProfilingLimits}: refused, with the limit and the measurement. */
public class ProfilingLimitExceeded extends RuntimeException {

    public ProfilingLimitExceeded(String message) {
        super(message, null, false, false);
    }
}
