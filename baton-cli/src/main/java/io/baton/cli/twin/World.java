package io.baton.cli.twin;

import java.util.Map;

import io.baton.core.domain.LatencyProfile;

/**
 * What was in force while the traffic was recorded: the live workers (each one device to the simulator) and, per
 * application, what its policy planned with.
 *
 * @param devices the live workers
 * @param models  by application name
 */
public record World(int devices, Map<String, Model> models) {

    public World {
        if (devices < 1) throw new IllegalArgumentException("the world needs at least one worker, got " + devices);
        models = Map.copyOf(models);
    }

    /**
     * One application as the scheduler served it.
     *
     * @param kind     single, ensemble or pipeline (which policies it may name)
     * @param profile  ℓ(b) of the variant it ran: the profile's p50 per batch size, fitted linearly (as the scheduler plans)
     * @param maxBatch the largest batch it was sent in
     */
    public record Model(String name, String kind, LatencyProfile profile, double sloMs, int maxBatch) {
    }
}
