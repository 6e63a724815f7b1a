package io.baton.gateway.warmup;

import java.time.Duration;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

import io.baton.core.warmup.WarmupLoop;
import io.baton.gateway.GatewayException;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.RegistryClient;
import io.baton.gateway.serving.InferenceService;

/**
 * Warms every registered application's route before the gateway reports ready. It runs as an
 * {@link ApplicationRunner}, so Spring Boot holds readiness at REFUSING_TRAFFIC ({@code /actuator/health/readiness}
 * answers 503 OUT_OF_SERVICE, what Kubernetes' and compose's probes and {@code bin/baton up} wait on) while it runs,
 * with the port already open and liveness CORRECT, and publishes ACCEPTING_TRAFFIC once it returns. Everything it does
 * is bounded by {@code baton.gateway.warmup.bound}: a registry that does not answer (read again each second), an
 * application that does not settle or cannot be served, all end in readiness at the bound with a log line saying
 * why; a dependency that is down never keeps the gateway unready.
 */
@Component
class StartupWarmup implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(StartupWarmup.class);
    private static final long REGISTRY_RETRY_MS = 1000;

    private final WarmupProperties properties;
    private final RegistryClient registry;
    private final InferenceService service;
    private final WarmupCalls calls;

    StartupWarmup(WarmupProperties properties, RegistryClient registry, InferenceService service, WarmupCalls calls) {
        this.properties = properties;
        this.registry = registry;
        this.service = service;
        this.calls = calls;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (!properties.enabled()) {
            log.info("warm-up disabled (baton.gateway.warmup.enabled=false): ready cold");
            return;
        }
        long start = System.nanoTime();
        long end = start + properties.bound().toNanos();
        List<String> names = applications(end);
        if (names == null) {
            log.warn("warm-up: the registry did not list its applications within the bound of {} s; ready cold",
                    properties.bound().toMillis() / 1000.0);
            return;
        }
        int warmed = 0;
        for (String name : names) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                log.warn("warm-up: the bound of {} s passed with {} of {} applications warmed; ready anyway",
                        properties.bound().toMillis() / 1000.0, warmed, names.size());
                return;
            }
            // each application's fair share of what is left: one that never settles cannot starve those after it
            warm(name, Duration.ofNanos(left / (names.size() - warmed)));
            warmed++;
        }
        log.info("warm-up: done with {} application(s) in {} ms; ready", names.size(), (System.nanoTime() - start) / 1_000_000);
    }

    private void warm(String name, Duration left) {
        try {
            ApplicationDefinition def = service.application(name);
            WarmupLoop.Outcome outcome = WarmupLoop.run(properties.rule(), left, properties.concurrency(),
                    calls.callFor(def));
            if (outcome.settled()) {
                log.info("warm-up of {}: {}", name, outcome.describe());
            } else {
                log.warn("warm-up of {}: {}; the warm-up's bound ({} s, baton.gateway.warmup.bound) has passed or it "
                        + "cannot be served: going on, ready anyway", name, outcome.describe(), properties.bound().toMillis() / 1000.0);
            }
        } catch (WarmupLoop.Abandon | GatewayException e) {
            log.warn("warm-up of {} skipped: {}", name, e.getMessage());
        }
    }

    /** The registry's application names, read again each second while it fails; null when the bound passes. */
    private List<String> applications(long end) {
        while (true) {
            try {
                return registry.applicationNames();
            } catch (GatewayException e) {
                if (end - System.nanoTime() <= REGISTRY_RETRY_MS * 1_000_000) {
                    return null;
                }
                log.info("warm-up: the registry does not list its applications yet ({}); trying again", e.getMessage());
                try {
                    Thread.sleep(REGISTRY_RETRY_MS);
                } catch (InterruptedException i) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
        }
    }
}
