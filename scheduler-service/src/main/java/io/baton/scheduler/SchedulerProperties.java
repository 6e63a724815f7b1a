package io.baton.scheduler;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.baton.core.interference.PlanGoal;

/**
 * Configuration of scheduler-service, bound from {@code baton.scheduler.*}.
 *
 * @param registryUrl      base URL of registry-service, from which applications and profiles are read
 * @param workerTimeout    a worker whose last registration or heartbeat is older than this is evicted (by default
 *                         five of the worker's default 2 s heartbeats missed)
 * @param evictionInterval how often workers are checked against {@code workerTimeout}
 * @param catalogTtl       how long an application read from the registry is reused before it is read again: a new
 *                         profile or policy takes effect within this
 * @param dispatchOverhead time a batch spends outside ONNX Runtime on its way to a worker and back (HTTP, JSON),
 *                         added to every profiled ℓ(b) the policies plan with until the engine has measured it
 * @param maxBatch         the largest batch ever sent; a variant's own limit is the largest batch size it was
 *                         profiled at
 * @param workerCallGrace  a batch call to a worker is abandoned this long after its expected finish; its requests are
 *                         then re-queued or failed, never left waiting
 * @param maxAttempts      how many times one request may be sent to a worker (by default one retry on another worker
 *                         after a failed call, time permitting)
 * @param ipaInterval      IPA's adaptation interval for pipelines with policy {@code ipa} (by default the paper's):
 *                         how long a live plan is used before it is made again
 * @param schembleDelta    Schemble's reward quantum δ for ensembles with policy {@code schemble}, in (0, 1] (by
 *                         default the paper's choice in §VIII Exp-4: plans within N·δ of the best, fast enough to
 *                         charge)
 * @param sneakpeekWindow  SneakPeek's scheduling window for applications with policy {@code sneakpeek} (by default the
 *                         paper's)
 * @param interference     the {@code interference} policy's planner ({@code baton.scheduler.interference.*})
 */
@Validated
@ConfigurationProperties(prefix = "baton.scheduler")
public record SchedulerProperties(
        @DefaultValue("http://127.0.0.1:8081") URI registryUrl,
        @DefaultValue("10s") @DurationMin(nanos = 0, inclusive = false) Duration workerTimeout,
        @DefaultValue("1s") @DurationMin(nanos = 0, inclusive = false) Duration evictionInterval,
        @DefaultValue("2s") @DurationMin(nanos = 0) Duration catalogTtl,
        @DefaultValue("2ms") @DurationMin(nanos = 0) Duration dispatchOverhead,
        @DefaultValue("64") @Min(1) int maxBatch,
        @DefaultValue("2s") @DurationMin(nanos = 0, inclusive = false) Duration workerCallGrace,
        @DefaultValue("2") @Min(1) int maxAttempts,
        @DefaultValue("10s") @DurationMin(nanos = 0, inclusive = false) Duration ipaInterval,
        @DefaultValue("0.01") @DecimalMin(value = "0", inclusive = false) @DecimalMax("1") double schembleDelta,
        @DefaultValue("100ms") @DurationMin(nanos = 0, inclusive = false) Duration sneakpeekWindow,
        @DefaultValue @Valid Interference interference) {

    /**
     * The live {@code interference} policy's planner (the interference-aware heterogeneous serving paper's re-planner).
     *
     * @param goal    what each plan maximises: {@code goodput} (the paper's §VI-B), {@code slo99} (throughput with 99%
     *                within SLO, §VI-C) or {@code fairness} (§VI-D)
     * @param epoch   how long arrivals are counted before rates are measured again and, when they (or a worker's
     *                learned speed) moved by more than 20%, the mix is planned again
     * @param samples allocation matrices simulated per plan (the paper's)
     */
    public record Interference(
            @DefaultValue("goodput") String goal,
            @DefaultValue("1s") @DurationMin(nanos = 0, inclusive = false) Duration epoch,
            @DefaultValue("1000") @Min(1) int samples) {
        public Interference {
            try {
                PlanGoal.named(goal);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("baton.scheduler.interference.goal: " + e.getMessage());
            }
        }
    }
}
