package io.baton.scheduler.warmup;

import java.time.Duration;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

import io.baton.core.warmup.WarmupLoop;
import io.baton.scheduler.catalog.ApplicationCatalog;
import io.baton.scheduler.catalog.CatalogApplication;
import io.baton.scheduler.membership.WorkerRegistry;

/**
 * Warms the scheduler's request path before it reports ready, at every start (a scheduler restarted alone, or a
 * standby about to take over, is then not cold). It runs as an {@link ApplicationRunner}, so Spring Boot holds
 * readiness at REFUSING_TRAFFIC ({@code /actuator/health/readiness} 503) while it runs, the port open (workers register
 * meanwhile), and publishes ACCEPTING_TRAFFIC once it returns. It waits for a LIVE worker, lists the registry's
 * applications, and sends each one synthetic requests through {@link WarmupCalls} until their latency settles or the
 * application's share of {@code baton.scheduler.warmup.bound} passes. No worker, no registry answer or no application
 * within the bound: ready anyway, with a log line saying why.
 */
@Component
@EnableConfigurationProperties(SchedulerWarmupProperties.class)
class StartupWarmup implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(StartupWarmup.class);
    private static final long POLL_MS = 200;

    private final SchedulerWarmupProperties properties;
    private final WorkerRegistry workers;
    private final ApplicationCatalog catalog;
    private final WarmupCalls calls;

    StartupWarmup(SchedulerWarmupProperties properties, WorkerRegistry workers, ApplicationCatalog catalog,
                  WarmupCalls calls) {
        this.properties = properties;
        this.workers = workers;
        this.catalog = catalog;
        this.calls = calls;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (!properties.enabled()) {
            log.info("warm-up disabled (baton.scheduler.warmup.enabled=false): ready cold");
            return;
        }
        long start = System.nanoTime();
        long end = start + properties.bound().toNanos();
        double boundS = properties.bound().toMillis() / 1000.0;
        long waitEnd = start + Math.min(properties.bound().toNanos(), properties.workerWait().toNanos());
        if (!awaitLiveWorker(waitEnd)) {
            log.warn("warm-up: no worker LIVE within {} s (baton.scheduler.warmup.worker-wait, within the bound of {} s);"
                    + " ready cold", (waitEnd - start) / 1e9, boundS);
            return;
        }
        List<String> names = applications(end);
        if (names == null) {
            log.warn("warm-up: the registry did not list its applications within the bound of {} s; ready cold", boundS);
            return;
        }
        if (names.isEmpty()) {
            log.info("warm-up: the registry lists no application; ready cold");
            return;
        }
        int warmed = 0;
        for (String name : names) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                log.warn("warm-up: the bound of {} s passed with {} of {} applications warmed; ready anyway", boundS,
                        warmed, names.size());
                return;
            }
            // each application's fair share of what is left: one that never settles cannot starve those after it
            warm(name, Duration.ofNanos(left / (names.size() - warmed)));
            warmed++;
        }
        log.info("warm-up: done with {} application(s) in {} ms; ready", names.size(),
                (System.nanoTime() - start) / 1_000_000);
    }

    private void warm(String name, Duration left) {
        try {
            CatalogApplication app = catalog.get(name);
            if ("ensemble".equals(app.kind())) {
                // an ensemble's query route fans out to every member: too many batches for a warm-up; its members'
                // variants share the path warmed by the other applications
                log.info("warm-up of {} skipped: an ensemble", name);
                return;
            }
            WarmupLoop.Outcome outcome = WarmupLoop.run(properties.rule(), left, properties.concurrency(),
                    calls.callFor(app));
            if (outcome.settled()) {
                log.info("warm-up of {}: {}", name, outcome.describe());
            } else {
                log.warn("warm-up of {}: {}; going on, ready anyway", name, outcome.describe());
            }
        } catch (RuntimeException e) { // WarmupLoop.Abandon, or the application's read failed
            log.warn("warm-up of {} skipped: {}", name, e.getMessage() != null ? e.getMessage() : e.toString());
        }
    }

    /** Whether a worker is LIVE, waiting for one until {@code end} (System.nanoTime). */
    private boolean awaitLiveWorker(long end) {
        boolean said = false;
        while (workers.live().isEmpty()) {
            if (!said) {
                log.info("warm-up: waiting for a LIVE worker (at most {} s)", Math.max(0, end - System.nanoTime()) / 1_000_000 / 1000.0);
                said = true;
            }
            if (end - System.nanoTime() <= 0 || !pause()) {
                return false;
            }
        }
        return true;
    }

    /** The registry's application names, read again each second while it fails; null when the bound passes. */
    private List<String> applications(long end) {
        while (true) {
            try {
                return catalog.names();
            } catch (RuntimeException e) {
                if (end - System.nanoTime() <= 1_000_000_000L) {
                    return null;
                }
                log.info("warm-up: the registry does not list its applications yet ({}); trying again", e.getMessage());
                for (int i = 0; i < 5; i++) {
                    if (!pause()) {
                        return null;
                    }
                }
            }
        }
    }

    private static boolean pause() {
        try {
            Thread.sleep(POLL_MS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
