package io.baton.commons.boot;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * A task run every {@code interval} (after the last run ends) on a daemon thread of its own while the service runs:
 * started with the application context, stopped with it. A run that throws is logged and the next one still comes,
 * which a scheduled executor alone would not do (a task that throws is never run again).
 */
public class PeriodicTask implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PeriodicTask.class);

    private final String name;
    private final long intervalMillis;
    private final Runnable task;
    private ScheduledExecutorService timer;

    /** @param name the thread's name, and the task's in a log line when a run fails */
    public PeriodicTask(String name, Duration interval, Runnable task) {
        this.name = name;
        this.intervalMillis = Math.max(1, interval.toMillis());
        this.task = task;
    }

    @Override
    public synchronized void start() {
        if (timer != null) return;
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::runOnce, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    private void runOnce() {
        try {
            task.run();
        } catch (RuntimeException e) {
            log.error("{}: a run failed; the next comes in {} ms", name, intervalMillis, e);
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
