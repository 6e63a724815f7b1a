package io.baton.scheduler.actuate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.membership.WorkerRegistry;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Every scaling goes through here, whichever actuator and whoever asks (the epoch loop, an applied IPA plan, a
 * person): the requested count is clamped to the pool's bounds, refused while the pool's cooldown runs, applied
 * through the {@link Actuator}, and recorded with its reason. Nothing here throws: an actuator's failure (the API
 * server's error) becomes a {@link ScalingAction.Outcome#FAILED} action, a log line, the pool's {@code lastError} and
 * the metric {@code baton_actuator_errors_total{pool, operation}}.
 *
 * <p>Scalings are applied one at a time (one lock): the cooldown and the history see them in order.
 *
 * <p>Metrics: {@code baton_actuator_scalings_total{pool, source, outcome}},
 * {@code baton_actuator_errors_total{pool, operation}}, {@code baton_actuator_desired_replicas{pool}} (the count last
 * set or read; NaN until known).
 */
public class ScalingService {

    private static final Logger log = LoggerFactory.getLogger(ScalingService.class);

    private final Actuator actuator;
    private final ActuatorProperties properties;
    private final WorkerRegistry registry;
    private final Clock clock;
    private final MeterRegistry meters;
    private final Map<String, Instant> lastChange = new ConcurrentHashMap<>();
    private final Map<String, Failure> lastError = new ConcurrentHashMap<>();
    private final Map<String, Double> desired = new ConcurrentHashMap<>();
    private final Deque<ScalingAction> history = new ArrayDeque<>();

    private record Failure(String message, Instant at) {
    }

    public ScalingService(Actuator actuator, ActuatorProperties properties, WorkerRegistry registry, Clock clock,
                          MeterRegistry meters) {
        this.actuator = actuator;
        this.properties = properties;
        this.registry = registry;
        this.clock = clock;
        this.meters = meters;
        for (String pool : actuator.pools()) {
            Gauge.builder("baton.actuator.desired.replicas", desired, d -> d.getOrDefault(pool, Double.NaN))
                    .tag("pool", pool).description("the replica count last set or read for the pool").register(meters);
        }
    }

    public Actuator actuator() {
        return actuator;
    }

    /** How long a pool refuses further changes after it was scaled. */
    public Duration cooldown() {
        return properties.cooldown();
    }

    /**
     * Scales {@code pool} to {@code replicas} (within its bounds) unless its cooldown runs.
     *
     * @param source who asks: {@code autoscale}, {@code ipa}, {@code manual}
     * @param reason why, in one line
     * @return what happened, also kept in the history
     */
    public synchronized ScalingAction apply(String pool, int replicas, String source, String reason) {
        Instant now = clock.instant();
        if (!actuator.pools().contains(pool)) {
            return record(new ScalingAction(now, pool, source, null, replicas, null, ScalingAction.Outcome.FAILED, reason,
                    "unknown pool '" + pool + "' (pools: " + String.join(", ", actuator.pools()) + ")"));
        }
        Optional<PoolReading> reading = read(pool);
        if (reading.isEmpty()) {
            return record(new ScalingAction(now, pool, source, null, replicas, null, ScalingAction.Outcome.FAILED, reason,
                    lastError.get(pool).message()));
        }
        int from = reading.get().baseline();
        int min = properties.minReplicas(pool);
        int max = properties.maxReplicas(pool);
        int target = Math.max(min, Math.min(max, replicas));
        String bounds = target == replicas ? "" : "clamped to the pool's bounds [" + min + ", " + max + "]";
        if (target == from) {
            desired.put(pool, (double) target);
            return record(new ScalingAction(now, pool, source, from, replicas, target, ScalingAction.Outcome.UNCHANGED,
                    reason, join(bounds, "the pool has " + target + " already")));
        }
        Instant until = cooldownUntil(pool, now);
        if (until != null) {
            return record(new ScalingAction(now, pool, source, from, replicas, target, ScalingAction.Outcome.COOLDOWN,
                    reason, join(bounds, "cooldown: the pool was scaled at " + lastChange.get(pool) + "; no change before "
                            + until)));
        }
        try {
            actuator.scale(pool, target, reason);
        } catch (ActuatorException e) {
            failed(pool, "scale", e);
            return record(new ScalingAction(now, pool, source, from, replicas, target, ScalingAction.Outcome.FAILED,
                    reason, join(bounds, e.getMessage())));
        } catch (RuntimeException e) {
            // An actuator's bug must not escape into the epoch loop or a request either; it is reported the same way.
            failed(pool, "scale", e);
            return record(new ScalingAction(now, pool, source, from, replicas, target, ScalingAction.Outcome.FAILED,
                    reason, join(bounds, e.toString())));
        }
        lastChange.put(pool, now);
        lastError.remove(pool);
        desired.put(pool, (double) target);
        log.info("scaled pool {} from {} to {} ({}): {}", pool, from, target, source, reason);
        return record(new ScalingAction(now, pool, source, from, replicas, target, ScalingAction.Outcome.APPLIED, reason,
                bounds.isEmpty() ? null : bounds));
    }

    /** What {@code pool} has now; empty (and the error reported) when its actuator cannot say. */
    public Optional<PoolReading> read(String pool) {
        try {
            PoolReading reading = actuator.read(pool);
            if (reading.desired() != null) desired.put(pool, (double) reading.desired());
            return Optional.of(reading);
        } catch (ActuatorException e) {
            failed(pool, "read", e);
        } catch (RuntimeException e) {
            failed(pool, "read", e);
        }
        return Optional.empty();
    }

    /** Every pool as it is now (one read each) and the last actions, newest first. */
    public List<PoolState> pools() {
        Instant now = clock.instant();
        List<PoolState> pools = new ArrayList<>();
        for (String pool : actuator.pools()) {
            Optional<PoolReading> reading = read(pool);
            Failure error = lastError.get(pool);
            int live = (int) registry.live().stream().map(Worker::device).filter(d -> pool.equals(d.kind())).count();
            pools.add(new PoolState(pool, reading.map(PoolReading::target).orElse(null),
                    reading.map(PoolReading::desired).orElse(null), reading.map(PoolReading::current).orElse(null), live,
                    properties.minReplicas(pool), properties.maxReplicas(pool), cooldownUntil(pool, now),
                    error == null ? null : error.message(), error == null ? null : error.at()));
        }
        return pools;
    }

    /** The last actions, newest first. */
    public synchronized List<ScalingAction> history() {
        return List.copyOf(history);
    }

    private Instant cooldownUntil(String pool, Instant now) {
        Instant last = lastChange.get(pool);
        if (last == null) return null;
        Instant until = last.plus(properties.cooldown());
        return now.isBefore(until) ? until : null;
    }

    private void failed(String pool, String operation, RuntimeException e) {
        String message = e instanceof ActuatorException ? e.getMessage() : e.toString();
        lastError.put(pool, new Failure(message, clock.instant()));
        Counter.builder("baton.actuator.errors").tag("pool", pool).tag("operation", operation)
                .description("the actuator failed to read or scale a pool").register(meters).increment();
        if (e instanceof ActuatorException) {
            log.warn("{} actuator: {} of pool {} failed: {}", actuator.kind(), operation, pool, message);
        } else {
            log.error("{} actuator: {} of pool {} failed", actuator.kind(), operation, pool, e);
        }
    }

    private synchronized ScalingAction record(ScalingAction action) {
        history.addFirst(action);
        while (history.size() > properties.history()) history.removeLast();
        Counter.builder("baton.actuator.scalings").tag("pool", action.pool()).tag("source", action.source())
                .tag("outcome", action.outcome().name().toLowerCase(java.util.Locale.ROOT))
                .description("scalings asked of the actuator, by outcome").register(meters).increment();
        return action;
    }

    private static String join(String a, String b) {
        if (a.isEmpty()) return b;
        return a + "; " + b;
    }
}
