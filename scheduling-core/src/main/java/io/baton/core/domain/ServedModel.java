package io.baton.core.domain;

/**
 * What a dispatcher schedules: one model variant with its latency profile and its SLO. A dispatcher
 * gets a table of these, and requests name them by index.
 *
 * @param maxBatch the largest batch the model accepts (the worker's limit), ≥ 1
 */
public record ServedModel(int id, String name, LatencyProfile profile, double sloMs, int maxBatch) {

    public ServedModel {
        if (id < 0) throw new IllegalArgumentException("model id must be ≥ 0");
        if (name == null || name.isBlank()) throw new IllegalArgumentException("model name must be set");
        if (profile == null) throw new IllegalArgumentException("model " + name + " needs a latency profile");
        if (!(sloMs > 0)) throw new IllegalArgumentException("model " + name + ": sloMs must be > 0");
        if (maxBatch < 1) throw new IllegalArgumentException("model " + name + ": maxBatch must be ≥ 1");
    }

    public double latencyMs(int batch) {
        return profile.latencyMs(batch);
    }
}
