package io.baton.scheduler.actuate;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Configuration of the actuator, bound from {@code baton.scheduler.actuator.*}: which actuator applies replica
 * counts to the worker pools (one pool per device kind, {@code cpu} and {@code gpu}), within which bounds and how
 * often, and whether Symphony's autoscaling advice is applied every epoch. The settings of each part have their own
 * record beside this one ({@link AutoscaleSettings}, {@link IpaPoolSettings}, {@link KubernetesSettings},
 * {@link LocalWorkerSettings}), bound under their component's name.
 *
 * @param kind        {@code local} (see {@link LocalActuator}) or {@code kubernetes} ({@link KubernetesActuator})
 * @param cooldown    after a pool was scaled, further changes to it are refused for this long,
 *                    so that new workers can start and register before the next decision counts them
 * @param minReplicas the fewest replicas of any pool, unless {@code pools.<pool>} says otherwise
 * @param maxReplicas the most replicas of any pool, unless {@code pools.<pool>} says otherwise
 * @param pools       per-pool bounds, by pool name ({@code cpu}, {@code gpu})
 * @param history     how many of the last scaling actions {@code GET /v1/actuator/state} shows
 * @param autoscale   the epoch loop that applies Symphony's advice
 * @param ipa         how IPA's pipeline stages map to worker pools
 * @param kubernetes  the Kubernetes actuator's namespace, Deployments and API server
 * @param local       the local actuator's worker launch commands
 */
@Validated
@ConfigurationProperties(prefix = "baton.scheduler.actuator")
public record ActuatorProperties(
        @DefaultValue(LOCAL) String kind,
        @DefaultValue("60s") @DurationMin(nanos = 0) Duration cooldown,
        @DefaultValue("1") Integer minReplicas,
        @DefaultValue("8") Integer maxReplicas,
        @DefaultValue Map<String, Bounds> pools,
        @DefaultValue("50") @Min(1) Integer history,
        @DefaultValue @NestedConfigurationProperty AutoscaleSettings autoscale,
        @DefaultValue @NestedConfigurationProperty IpaPoolSettings ipa,
        @DefaultValue @NestedConfigurationProperty KubernetesSettings kubernetes,
        @DefaultValue @NestedConfigurationProperty @Valid LocalWorkerSettings local) {

    public static final String LOCAL = "local";
    public static final String KUBERNETES = "kubernetes";

    /**
     * Checks what was given (a record built by hand, in a test, may leave out what binding always fills in): the
     * kind, and every pool's bounds against each other and the actuator-wide ones.
     */
    public ActuatorProperties {
        if (kind != null) {
            kind = kind.isBlank() ? LOCAL : kind.strip().toLowerCase(Locale.ROOT);
            if (!kind.equals(LOCAL) && !kind.equals(KUBERNETES)) {
                throw new IllegalArgumentException("baton.scheduler.actuator.kind must be 'local' or 'kubernetes', "
                        + "got '" + kind + "'");
            }
        }
        checkBounds("baton.scheduler.actuator", minReplicas, maxReplicas);
        if (pools != null) {
            pools = Map.copyOf(new TreeMap<>(pools));
            for (Map.Entry<String, Bounds> e : pools.entrySet()) {
                Bounds b = e.getValue();
                checkBounds("baton.scheduler.actuator.pools." + e.getKey(),
                        b.minReplicas() == null ? minReplicas : b.minReplicas(),
                        b.maxReplicas() == null ? maxReplicas : b.maxReplicas());
            }
        }
    }

    /** The defaults, as Spring binds them when nothing is configured (for tests and tools). */
    public static ActuatorProperties defaults() {
        return new Binder().bindOrCreate("baton.scheduler.actuator", ActuatorProperties.class);
    }

    /** The fewest replicas {@code pool} may have. */
    public int minReplicas(String pool) {
        Bounds b = pools.get(pool);
        return b == null || b.minReplicas() == null ? minReplicas : b.minReplicas();
    }

    /** The most replicas {@code pool} may have. */
    public int maxReplicas(String pool) {
        Bounds b = pools.get(pool);
        return b == null || b.maxReplicas() == null ? maxReplicas : b.maxReplicas();
    }

    private static void checkBounds(String prefix, Integer min, Integer max) {
        if (min != null && min < 0) {
            throw new IllegalArgumentException(prefix + ".min-replicas must be ≥ 0, got " + min);
        }
        if (min != null && max != null && max < min) {
            throw new IllegalArgumentException(prefix + ".max-replicas must be ≥ min-replicas (" + min + "), got " + max);
        }
    }

    /**
     * Bounds of one pool; an absent bound is the actuator-wide {@code min-replicas} / {@code max-replicas}.
     *
     * @param minReplicas the fewest replicas
     * @param maxReplicas the most replicas
     */
    public record Bounds(Integer minReplicas, Integer maxReplicas) {
    }
}
