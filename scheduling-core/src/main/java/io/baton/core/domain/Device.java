package io.baton.core.domain;

/**
 * An execution device: a GPU, or a slice of CPU cores, running one batch at a time.
 *
 * @param id        dense index, 0..n-1, within one cluster view
 * @param kind      device kind profiles are keyed by ("cpu", "gpu-h100", ...)
 * @param speed     latency multiplier against the profile of its kind (1 = as profiled); lets a
 *                  simulation model heterogeneous devices of one kind
 * @param memoryMb  memory available to models, for placement and swap decisions
 */
public record Device(int id, String kind, double speed, long memoryMb) {

    public Device {
        if (id < 0) throw new IllegalArgumentException("device id must be ≥ 0");
        if (kind == null || kind.isBlank()) throw new IllegalArgumentException("device kind must be named");
        if (!(speed > 0)) throw new IllegalArgumentException("device speed must be > 0");
    }

    public static Device of(int id) {
        return new Device(id, "gpu", 1.0, Long.MAX_VALUE);
    }
}
