package io.baton.scheduler.actuate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.baton.core.symphony.autoscale.AutoscalingAdvisor;

/**
 * Configuration of the actuator, bound from {@code baton.scheduler.actuator.*}: which actuator applies replica
 * counts to the worker pools (one pool per device kind, {@code cpu} and {@code gpu}), within which bounds and how
 * often, and whether Symphony's autoscaling advice is applied every epoch.
 *
 * @param kind        {@code local} (default: see {@link LocalActuator}) or {@code kubernetes} ({@link KubernetesActuator})
 * @param cooldown    after a pool was scaled, further changes to it are refused for this long (default {@code 60s}),
 *                    so that new workers can start and register before the next decision counts them
 * @param minReplicas the fewest replicas of any pool (default 1), unless {@code pools.<pool>} says otherwise
 * @param maxReplicas the most replicas of any pool (default 8), unless {@code pools.<pool>} says otherwise
 * @param pools       per-pool bounds, by pool name ({@code cpu}, {@code gpu})
 * @param history     how many of the last scaling actions {@code GET /v1/actuator/state} shows (default 50)
 * @param autoscale   the epoch loop that applies Symphony's advice
 * @param ipa         how IPA's pipeline stages map to worker pools
 * @param kubernetes  the Kubernetes actuator's namespace, Deployments and API server
 * @param local       the local actuator's worker launch commands
 */
@ConfigurationProperties(prefix = "baton.scheduler.actuator")
public record ActuatorProperties(
        String kind,
        Duration cooldown,
        Integer minReplicas,
        Integer maxReplicas,
        Map<String, Bounds> pools,
        Integer history,
        Autoscale autoscale,
        Ipa ipa,
        Kubernetes kubernetes,
        Local local) {

    public static final String LOCAL = "local";
    public static final String KUBERNETES = "kubernetes";

    public ActuatorProperties {
        kind = kind == null || kind.isBlank() ? LOCAL : kind.strip().toLowerCase(Locale.ROOT);
        if (!kind.equals(LOCAL) && !kind.equals(KUBERNETES)) {
            throw new IllegalArgumentException("baton.scheduler.actuator.kind must be 'local' or 'kubernetes', got '"
                    + kind + "'");
        }
        cooldown = cooldown == null ? Duration.ofSeconds(60) : cooldown;
        if (cooldown.isNegative()) {
            throw new IllegalArgumentException("baton.scheduler.actuator.cooldown must be ≥ 0, got " + cooldown);
        }
        minReplicas = minReplicas == null ? 1 : minReplicas;
        maxReplicas = maxReplicas == null ? 8 : maxReplicas;
        checkBounds("baton.scheduler.actuator", minReplicas, maxReplicas);
        pools = pools == null ? Map.of() : Map.copyOf(new TreeMap<>(pools));
        for (Map.Entry<String, Bounds> e : pools.entrySet()) {
            Bounds b = e.getValue();
            checkBounds("baton.scheduler.actuator.pools." + e.getKey(),
                    b.minReplicas() == null ? minReplicas : b.minReplicas(),
                    b.maxReplicas() == null ? maxReplicas : b.maxReplicas());
        }
        history = history == null ? 50 : history;
        if (history < 1) {
            throw new IllegalArgumentException("baton.scheduler.actuator.history must be ≥ 1, got " + history);
        }
        autoscale = autoscale == null ? new Autoscale(null, null, null, null, null) : autoscale;
        ipa = ipa == null ? new Ipa(null, null) : ipa;
        kubernetes = kubernetes == null ? new Kubernetes(null, null, null) : kubernetes;
        local = local == null ? new Local(null, null, null) : local;
    }

    /** The defaults, for tests and tools. */
    public static ActuatorProperties defaults() {
        return new ActuatorProperties(null, null, null, null, null, null, null, null, null, null);
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

    private static void checkBounds(String prefix, int min, int max) {
        if (min < 0) {
            throw new IllegalArgumentException(prefix + ".min-replicas must be ≥ 0, got " + min);
        }
        if (max < min) {
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
     * Symphony's epoch autoscaling (scheduling-core's {@link AutoscalingAdvisor}), off unless enabled.
     *
     * @param enabled                  run the epoch loop (default false)
     * @param period                   the epoch (default {@code 60s}): the advice is computed from this long of
     *                                 live metrics
     * @param badRateThreshold         add devices when the epoch's bad rate is above this (default 0.01)
     * @param minIdleFractionToRelease release devices only from this idle fraction up (default 0.05)
     * @param maxGrowthFactor          at most this many times N added in one epoch (default 4)
     */
    public record Autoscale(Boolean enabled, Duration period, Double badRateThreshold, Double minIdleFractionToRelease,
                            Double maxGrowthFactor) {
        public Autoscale {
            enabled = enabled != null && enabled;
            period = period == null ? Duration.ofSeconds(60) : period;
            if (period.isNegative() || period.isZero()) {
                throw new IllegalArgumentException("baton.scheduler.actuator.autoscale.period must be > 0, got " + period);
            }
            badRateThreshold = badRateThreshold == null ? AutoscalingAdvisor.DEFAULT_BAD_RATE_THRESHOLD : badRateThreshold;
            minIdleFractionToRelease = minIdleFractionToRelease == null
                    ? AutoscalingAdvisor.DEFAULT_MIN_IDLE_FRACTION_TO_RELEASE : minIdleFractionToRelease;
            maxGrowthFactor = maxGrowthFactor == null ? AutoscalingAdvisor.DEFAULT_MAX_GROWTH_FACTOR : maxGrowthFactor;
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
     * @param defaultPool the pool of a stage not named in {@code stagePools} (default {@code cpu}: IPA sizes
     *                    replicas in CPU cores)
     * @param stagePools  stage name → pool
     */
    public record Ipa(String defaultPool, Map<String, String> stagePools) {
        public Ipa {
            defaultPool = defaultPool == null || defaultPool.isBlank() ? "cpu" : defaultPool.strip();
            stagePools = stagePools == null ? Map.of() : Map.copyOf(stagePools);
        }

        public String poolOf(String stage) {
            return stagePools.getOrDefault(stage, defaultPool);
        }
    }

    /**
     * The Kubernetes actuator.
     *
     * @param namespace   namespace of the worker Deployments (default: the client's, in a pod its own namespace)
     * @param deployments pool → Deployment (default {@code cpu → worker-cpu}, {@code gpu → worker-gpu}, as in k8s/);
     *                    only these pools are managed
     * @param masterUrl   API server (default: in-cluster configuration from the pod's service account, else
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
     * @param logDir      where each launched worker's output goes, as {@code <pool>-<index>.log} (default
     *                    {@code <java.io.tmpdir>/baton-workers})
     * @param stopTimeout a worker asked to stop (SIGTERM) is killed after this long (default {@code 10s})
     */
    public record Local(Map<String, String> commands, Path logDir, Duration stopTimeout) {
        public Local {
            commands = commands == null ? Map.of() : Map.copyOf(commands);
            logDir = logDir == null ? Path.of(System.getProperty("java.io.tmpdir"), "baton-workers") : logDir;
            stopTimeout = stopTimeout == null ? Duration.ofSeconds(10) : stopTimeout;
            if (stopTimeout.isNegative()) {
                throw new IllegalArgumentException("baton.scheduler.actuator.local.stop-timeout must be ≥ 0, got "
                        + stopTimeout);
            }
        }
    }
}
