package io.baton.scheduler.membership;

import org.springframework.stereotype.Component;

import io.baton.commons.boot.PeriodicTask;
import io.baton.scheduler.SchedulerProperties;

/** Runs {@link WorkerRegistry#evictStale()} every {@code baton.scheduler.eviction-interval} while the service runs. */
@Component
public class WorkerEvictor extends PeriodicTask {

    public WorkerEvictor(WorkerRegistry registry, SchedulerProperties properties) {
        super("worker-evictor", properties.evictionInterval(), registry::evictStale);
    }
}
