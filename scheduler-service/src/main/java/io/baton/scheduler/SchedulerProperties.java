package io.baton.scheduler;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of scheduler-service, bound from {@code baton.scheduler.*}.
 *
 * @param registryUrl      base URL of registry-service, from which applications and profiles are read (default
 *                         {@code http://127.0.0.1:8081})
 * @param workerTimeout    a worker whose last registration or heartbeat is older than this is evicted (default
 *                         {@code 10s}: five of the worker's default 2 s heartbeats missed)
 * @param evictionInterval how often workers are checked against {@code workerTimeout} (default {@code 1s})
 * @param catalogTtl       how long an application read from the registry is reused before it is read again
 *                         (default {@code 2s}): a new profile or policy takes effect within this
 * @param dispatchOverhead time a batch spends outside ONNX Runtime on its way to a worker and back (HTTP, JSON),
 *                         added to every profiled ℓ(b) the policies plan with until the engine has measured it
 *                         (default {@code 2ms})
 * @param maxBatch         the largest batch ever sent (default 64); a variant's own limit is the largest batch
 *                         size it was profiled at
 * @param workerCallGrace  a batch call to a worker is abandoned this long after its expected finish (default
 *                         {@code 2s}); its requests are then re-queued or failed, never left waiting
 * @param maxAttempts      how many times one request may be sent to a worker (default 2: one retry on another
 *                         worker after a failed call, time permitting)
 * @param ipaInterval      IPA's adaptation interval for pipelines with policy {@code ipa} (default {@code 10s},
 *                         the paper's): how long a live plan is used before it is made again
 * @param sneakpeekWindow  SneakPeek's scheduling window for applications with policy {@code sneakpeek} (default
 *                         {@code 100ms}, the paper's)
 * @param schembleDelta    Schemble's reward quantum δ for ensembles with policy {@code schemble} (default 0.01, the
 *                         paper's choice in §VIII Exp-4: plans within N·δ of the best, fast enough to charge)
 * @param interference     the {@code interference} policy's planner ({@code baton.scheduler.interference.*})
 */
@ConfigurationProperties(prefix = "baton.scheduler")
public record SchedulerProperties(
        URI registryUrl,
        Duration workerTimeout,
        Duration evictionInterval,
        Duration catalogTtl,
        Duration dispatchOverhead,
        Integer maxBatch,
        Duration workerCallGrace,
        Integer maxAttempts,
        Duration ipaInterval,
        Double schembleDelta,
        Duration sneakpeekWindow,
        Interference interference) {

    /**
     * The live {@code interference} policy's planner (the interference-aware heterogeneous serving paper's re-planner).
     *
     * @param goal    what each plan maximises: {@code goodput} (default, the paper's §VI-B), {@code slo99}
     *                (throughput with 99% within SLO, §VI-C) or {@code fairness} (§VI-D)
     * @param epoch   how long arrivals are counted before rates are measured again and, when they (or a worker's
     *                learned speed) moved by more than 20%, the mix is planned again (default {@code 1s})
     * @param samples allocation matrices simulated per plan (default 1000, the paper's)
     */
    public record Interference(String goal, Duration epoch, Integer samples) {
        public Interference {
            if (goal == null || goal.isBlank()) goal = "goodput";
            if (epoch == null) epoch = Duration.ofSeconds(1);
            if (samples == null) samples = 1000;
            try {
                io.baton.core.interference.PlanGoal.named(goal);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("baton.scheduler.interference.goal: " + e.getMessage());
            }
            positive("interference.epoch", epoch);
            if (samples < 1) {
                throw new IllegalArgumentException("baton.scheduler.interference.samples must be ≥ 1, got " + samples);
            }
        }
    }

    public SchedulerProperties {
        if (interference == null) {
            interference = new Interference(null, null, null);
        }
        if (registryUrl == null) {
            registryUrl = URI.create("http://127.0.0.1:8081");
        }
        if (workerTimeout == null) {
            workerTimeout = Duration.ofSeconds(10);
        }
        if (evictionInterval == null) {
            evictionInterval = Duration.ofSeconds(1);
        }
        if (catalogTtl == null) {
            catalogTtl = Duration.ofSeconds(2);
        }
        if (dispatchOverhead == null) {
            dispatchOverhead = Duration.ofMillis(2);
        }
        if (maxBatch == null) {
            maxBatch = 64;
        }
        if (workerCallGrace == null) {
            workerCallGrace = Duration.ofSeconds(2);
        }
        if (maxAttempts == null) {
            maxAttempts = 2;
        }
        if (ipaInterval == null) {
            ipaInterval = Duration.ofSeconds(10);
        }
        if (sneakpeekWindow == null) {
            sneakpeekWindow = Duration.ofMillis(100);
        }
        positive("sneakpeek-window", sneakpeekWindow);
        if (schembleDelta == null) {
            schembleDelta = 0.01;
        }
        if (!(schembleDelta > 0) || schembleDelta > 1) {
            throw new IllegalArgumentException("baton.scheduler.schemble-delta must be in (0, 1], got " + schembleDelta);
        }
        positive("worker-timeout", workerTimeout);
        positive("ipa-interval", ipaInterval);
        positive("eviction-interval", evictionInterval);
        positive("worker-call-grace", workerCallGrace);
        if (catalogTtl.isNegative()) {
            throw new IllegalArgumentException("baton.scheduler.catalog-ttl must be ≥ 0, got " + catalogTtl);
        }
        if (dispatchOverhead.isNegative()) {
            throw new IllegalArgumentException("baton.scheduler.dispatch-overhead must be ≥ 0, got " + dispatchOverhead);
        }
        if (maxBatch < 1) {
            throw new IllegalArgumentException("baton.scheduler.max-batch must be ≥ 1, got " + maxBatch);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("baton.scheduler.max-attempts must be ≥ 1, got " + maxAttempts);
        }
    }

    /** The defaults, for tests and tools. */
    public static SchedulerProperties defaults() {
        return new SchedulerProperties(null, null, null, null, null, null, null, null, null, null, null, null);
    }

    private static void positive(String name, Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("baton.scheduler." + name + " must be > 0, got " + d);
        }
    }
}
