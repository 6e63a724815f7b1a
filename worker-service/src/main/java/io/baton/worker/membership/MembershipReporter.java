package io.baton.worker.membership;

import io.baton.commons.membership.WorkerHeartbeat;
import io.baton.commons.membership.WorkerRegistration;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Keeps the worker known to the scheduler: registers, then sends a heartbeat every interval; re-registers when the
 * scheduler has forgotten it. A scheduler that is down or answers errors is retried at the same interval, quietly
 * (one warning when it goes away, one note when it returns); nothing here can stop the worker.
 */
public final class MembershipReporter implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(MembershipReporter.class);

    private final SchedulerClient client;
    private final Supplier<WorkerRegistration> registration;
    private final Supplier<WorkerHeartbeat> heartbeat;
    private final Duration interval;
    private final Counter sent;
    private final Counter failed;
    private ScheduledExecutorService timer;
    private volatile boolean registered;
    private int consecutiveFailures;

    public MembershipReporter(SchedulerClient client, Supplier<WorkerRegistration> registration,
                              Supplier<WorkerHeartbeat> heartbeat, Duration interval, MeterRegistry meters) {
        this.client = client;
        this.registration = registration;
        this.heartbeat = heartbeat;
        this.interval = interval;
        this.sent = Counter.builder("baton.worker.scheduler.calls").tag("outcome", "ok").register(meters);
        this.failed = Counter.builder("baton.worker.scheduler.calls").tag("outcome", "failed").register(meters);
    }

    /** Starts reporting (once the worker's port is known). */
    public synchronized void start() {
        if (timer != null) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "scheduler-membership");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::tick, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean registered() {
        return registered;
    }

    void tick() {
        try {
            if (!registered) {
                client.register(registration.get());
                registered = true;
                log.info("registered with the scheduler at {}", client.describe());
            } else {
                WorkerHeartbeat beat = heartbeat.get();
                try {
                    client.heartbeat(beat.workerId(), beat);
                } catch (SchedulerClient.UnknownWorkerException e) {
                    registered = false;
                    log.info("the scheduler at {} forgot this worker; registering again", client.describe());
                    client.register(registration.get());
                    registered = true;
                }
            }
            sent.increment();
            if (consecutiveFailures > 0) {
                log.info("scheduler at {} reachable again after {} failed attempts", client.describe(),
                        consecutiveFailures);
            }
            consecutiveFailures = 0;
        } catch (RuntimeException e) {
            failed.increment();
            if (consecutiveFailures++ == 0) {
                log.warn("scheduler at {} not answering ({}); retrying every {} ms", client.describe(), e.getMessage(),
                        interval.toMillis());
            } else {
                log.debug("scheduler still not answering: {}", e.getMessage());
            }
        }
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }
}
