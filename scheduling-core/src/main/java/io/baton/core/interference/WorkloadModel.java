package io.baton.core.interference;

/** One model of the served mix: its profile, its request rate (per second) and its SLO (ms). */
public record WorkloadModel(ModelProfile profile, double ratePerSec, double sloMs) {

    public WorkloadModel {
        if (profile == null) throw new IllegalArgumentException("a workload model needs a profile");
        if (!(ratePerSec >= 0)) throw new IllegalArgumentException(profile.name() + ": rate must be ≥ 0");
        if (!(sloMs > 0)) throw new IllegalArgumentException(profile.name() + ": sloMs must be > 0");
    }

    public String name() {
        return profile.name();
    }
}
