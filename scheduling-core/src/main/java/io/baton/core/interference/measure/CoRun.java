package io.baton.core.interference.measure;

/** One measured co-location on two CPU cores: {@code target}'s slowdown while {@code coRunner} loops beside it. */
public record CoRun(String target, String coRunner, double slowdown) {
    public CoRun {
        if (!(slowdown > 0)) throw new IllegalArgumentException("slowdown must be > 0");
    }
}
