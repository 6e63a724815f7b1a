package io.baton.profiler.measure;

/** Thrown out of a measurement when its job was cancelled; the measurement stops at the next run. */
public class Cancelled extends RuntimeException {

    public Cancelled() {
        super("cancelled", null, false, false);
    }
}
