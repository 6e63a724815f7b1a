package io.baton.scheduler.actuate;

import java.util.List;

/**
 * The seam through which plans reach the cluster: sets the replica count of a worker pool (one pool per device kind,
 * {@code cpu}, {@code gpu}) and reports what the pool has. Implementations do only that; bounds, cooldown, history,
 * metrics and the catching of errors are {@link ScalingService}'s, in front of every actuator.
 *
 * <p>{@link LocalActuator} is the default; {@link KubernetesActuator} scales the worker Deployments.
 */
public interface Actuator extends AutoCloseable {

    /** {@code local} or {@code kubernetes}. */
    String kind();

    /** The pools this actuator manages, sorted. */
    List<String> pools();

    /**
     * What {@code pool} has now.
     *
     * @throws ActuatorException it cannot be read (the API server refused or is unreachable, the Deployment is gone)
     */
    PoolReading read(String pool);

    /**
     * Sets {@code pool} to {@code replicas} (already within the pool's bounds); {@code reason} says why, for whoever
     * looks at the pool later.
     *
     * @throws ActuatorException it could not be applied
     */
    void scale(String pool, int replicas, String reason);

    /** Releases what it holds (the local actuator stops the worker processes it started). */
    @Override
    default void close() {
    }
}
