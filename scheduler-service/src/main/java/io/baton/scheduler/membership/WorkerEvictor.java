package io.baton.scheduler.membership;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import io.baton.scheduler.SchedulerProperties;

/** Runs {@link WorkerRegistry#evictStale()} every {@code baton.scheduler.eviction-interval} while the service runs. */
@Component
public class WorkerEvictor implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WorkerEvictor.class);

    private final WorkerRegistry registry;
    private final long intervalMillis;
    private ScheduledExecutorService timer;

    public WorkerEvictor(WorkerRegistry registry, SchedulerProperties properties) {
        this.registry = registry;
        this.intervalMillis = Math.max(1, properties.evictionInterval().toMillis());
    }

    @Override
    public synchronized void start() {
        if (timer != null) return;
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "worker-evictor");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::check, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    private void check() {
        try {
            registry.evictStale();
        } catch (RuntimeException e) {
            // A failing listener must not stop eviction for good (a scheduled task that throws never runs again).
            log.error("eviction check failed", e);
        }
    }

    @Override
    public synchronized void stop() {
        if (timer == null) return;
        timer.shutdownNow();
        timer = null;
    }

    @Override
    public synchronized boolean isRunning() {
        return timer != null;
    }
}
