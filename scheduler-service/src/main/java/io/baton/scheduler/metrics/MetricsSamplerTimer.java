package io.baton.scheduler.metrics;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/** Runs {@link MetricsSampler#sample()} every {@code baton.scheduler.metrics.sample-interval} while the service runs. */
final class MetricsSamplerTimer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(MetricsSamplerTimer.class);

    private final MetricsSampler sampler;
    private final long intervalMillis;
    private ScheduledExecutorService timer;

    MetricsSamplerTimer(MetricsSampler sampler, long intervalMillis) {
        this.sampler = sampler;
        this.intervalMillis = intervalMillis;
    }

    @Override
    public synchronized void start() {
        if (timer != null) return;
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "metrics-sampler");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::sample, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    private void sample() {
        try {
            sampler.sample();
        } catch (RuntimeException e) {
            // A task that throws is never run again by its executor: log it and keep sampling.
            log.error("metrics sample failed", e);
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
