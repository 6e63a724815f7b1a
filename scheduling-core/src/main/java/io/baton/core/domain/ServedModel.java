package io.baton.core.domain;

/**
 * What a dispatcher schedules: one model variant with its latency profile and its SLO. A dispatcher
 * gets a table of these, and requests name them by index.
 *
 * @param maxBatch the largest batch the model accepts (the worker's limit), ≥ 1
 * @param wireMs   time a batch spends outside the device on its way there and back (live: HTTP to a worker), ≥ 0:
 *                 part of its latency, so deadlines count it, but not of the device's fixed cost β, so batching
 *                 rules that amortize β do not; 0 in simulation
 */
public record ServedModel(int id, String name, LatencyProfile profile, double sloMs, int maxBatch, double wireMs) {

    public ServedModel(int id, String name, LatencyProfile profile, double sloMs, int maxBatch) {
        this(id, name, profile, sloMs, maxBatch, 0);
    }

    public ServedModel {
        if (id < 0) throw new IllegalArgumentException("model id must be ≥ 0");
        if (name == null || name.isBlank()) throw new IllegalArgumentException("model name must be set");
        if (profile == null) throw new IllegalArgumentException("model " + name + " needs a latency profile");
        if (!(sloMs > 0)) throw new IllegalArgumentException("model " + name + ": sloMs must be > 0");
        if (maxBatch < 1) throw new IllegalArgumentException("model " + name + ": maxBatch must be ≥ 1");
        if (!(wireMs >= 0) || Double.isInfinite(wireMs)) throw new IllegalArgumentException("model " + name + ": wireMs must be ≥ 0");
    }

    /** ℓ(b) end to end: on the device, plus the wire. */
    public double latencyMs(int batch) {
        return profile.latencyMs(batch) + wireMs;
    }
}
