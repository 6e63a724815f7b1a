package io.baton.worker.warmup;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

import io.baton.core.warmup.WarmupLoop;

/**
 * Warms the worker's batch path before it reports ready. It runs as an {@link ApplicationRunner}, so Spring Boot
 * holds readiness at REFUSING_TRAFFIC ({@code /actuator/health/readiness} answers 503) while it runs, and publishes
 * ACCEPTING_TRAFFIC once it returns; the worker registers with its schedulers only then (the membership reporters
 * start on {@code ApplicationReadyEvent}), so no scheduler routes a batch to a cold worker. Bounded by
 * {@code baton.worker.warmup.bound}: a path that does not settle, or cannot run at all, ends in readiness at the bound
 * with a log line saying why.
 */
@Component
@EnableConfigurationProperties(WorkerWarmupProperties.class)
class StartupWarmup implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(StartupWarmup.class);

    private final WorkerWarmupProperties properties;
    private final WarmupBatches batches;

    StartupWarmup(WorkerWarmupProperties properties, WarmupBatches batches) {
        this.properties = properties;
        this.batches = batches;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (!properties.enabled()) {
            log.info("warm-up disabled (baton.worker.warmup.enabled=false): ready cold");
            return;
        }
        try (WarmupBatches.Opened calls = batches.open()) {
            // one batch at a time: the device runs one at a time, as the scheduler sends them
            WarmupLoop.Outcome outcome = WarmupLoop.run(properties.rule(), properties.bound(), 1, calls);
            if (outcome.settled()) {
                log.info("warm-up of the batch path: {}; ready", outcome.describe());
            } else {
                log.warn("warm-up of the batch path: {}; the warm-up's bound ({} s, baton.worker.warmup.bound) has "
                        + "passed or it cannot run: ready anyway", outcome.describe(),
                        properties.bound().toMillis() / 1000.0);
            }
        } catch (RuntimeException e) {
            log.warn("warm-up of the batch path skipped ({}): ready cold", e.getMessage());
        }
    }
}
