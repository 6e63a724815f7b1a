package io.baton.scheduler.actuate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.baton.core.symphony.autoscale.AutoscalingAdvisor;

/**
 * Configuration of the actuator, bound from {@code baton.scheduler.actuator.*}: which actuator applies replica
 * counts to the worker pools (one pool per device kind, {@code cpu} and {@code gpu}), within which bounds and how
 * often, and whether Symphony's autoscaling advice is applied every epoch.
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
        @DefaultValue Autoscale autoscale,
        @DefaultValue Ipa ipa,
        @DefaultValue Kubernetes kubernetes,
        @DefaultValue @Valid Local local) {

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

    /**
     * Symphony's epoch autoscaling (scheduling-core's {@link AutoscalingAdvisor}, whose defaults these are), off unless
     * enabled.
     *
     * @param enabled                  run the epoch loop
     * @param period                   the epoch: the advice is computed from this long of live metrics
     * @param badRateThreshold         add devices when the epoch's bad rate is above this
     * @param minIdleFractionToRelease release devices only from this idle fraction up
     * @param maxGrowthFactor          at most this many times N added in one epoch
     */
    public record Autoscale(
            @DefaultValue("false") boolean enabled,
            @DefaultValue("60s") Duration period,
            @DefaultValue("" + AutoscalingAdvisor.DEFAULT_BAD_RATE_THRESHOLD) Double badRateThreshold,
            @DefaultValue("" + AutoscalingAdvisor.DEFAULT_MIN_IDLE_FRACTION_TO_RELEASE) Double minIdleFractionToRelease,
            @DefaultValue("" + AutoscalingAdvisor.DEFAULT_MAX_GROWTH_FACTOR) Double maxGrowthFactor) {
        public Autoscale {
            if (period != null && (period.isNegative() || period.isZero())) {
                throw new IllegalArgumentException("baton.scheduler.actuator.autoscale.period must be > 0, got " + period);
            }
        }

        /** The advisor these settings describe (it rejects values out of range, naming them). */
        public AutoscalingAdvisor advisor() {
            try {
                return new AutoscalingAdvisor(badRateThreshold, minIdleFractionToRelease, maxGrowthFactor);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("baton.scheduler.actuator.autoscale: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Where {@code POST /v1/plans/ipa/apply} puts each pipeline stage's replicas: every replica of a stage is one
     * worker of the stage's pool, so a pool is scaled to the sum of its stages' replicas.
     *
     * @param defaultPool the pool of a stage not named in {@code stagePools} (IPA sizes replicas in CPU cores)
     * @param stagePools  stage name → pool
     */
    public record Ipa(@DefaultValue("cpu") String defaultPool, @DefaultValue Map<String, String> stagePools) {
        public Ipa {
            defaultPool = defaultPool.strip();
            stagePools = Map.copyOf(stagePools);
        }

        public String poolOf(String stage) {
            return stagePools.getOrDefault(stage, defaultPool);
        }
    }

    /**
     * The Kubernetes actuator.
     *
     * @param namespace   namespace of the worker Deployments (none: the client's, in a pod its own namespace)
     * @param deployments pool → Deployment (none: {@code cpu → worker-cpu}, {@code gpu → worker-gpu}, as in k8s/);
     *                    only these pools are managed
     * @param masterUrl   API server (none: in-cluster configuration from the pod's service account, else
     *                    ~/.kube/config)
     */
    public record Kubernetes(String namespace, Map<String, String> deployments, String masterUrl) {
        public Kubernetes {
            namespace = namespace == null || namespace.isBlank() ? null : namespace.strip();
            deployments = deployments == null || deployments.isEmpty()
                    ? Map.of("cpu", "worker-cpu", "gpu", "worker-gpu") : Map.copyOf(deployments);
            masterUrl = masterUrl == null || masterUrl.isBlank() ? null : masterUrl.strip();
        }
    }

    /**
     * The local actuator.
     *
     * @param commands    pool → command that starts one worker of it (split at white space, no shell; placeholders
     *                    {@code {java}}, {@code {pool}}, {@code {index}}, {@code {port}}); a pool without a command
     *                    is recorded only
     * @param logDir      where each launched worker's output goes, as {@code <pool>-<index>.log} (none:
     *                    {@code <java.io.tmpdir>/baton-workers})
     * @param stopTimeout a worker asked to stop (SIGTERM) is killed after this long
     */
    public record Local(
            @DefaultValue Map<String, String> commands,
            Path logDir,
            @DefaultValue("10s") @DurationMin(nanos = 0) Duration stopTimeout) {
        public Local {
            commands = Map.copyOf(commands);
            logDir = logDir == null ? Path.of(System.getProperty("java.io.tmpdir"), "baton-workers") : logDir;
        }
    }
}
