package io.baton.scheduler.metrics;

import java.time.Instant;
import java.util.List;

/**
 * What the history keeps per sampling interval.
 *
 * @param at           the end of the interval (wall clock)
 * @param seconds      the interval's length as measured (monotonic clock): the sampling interval, give or take a
 *                     timer's lateness
 * @param applications every application that has had a request or a batch since the scheduler started, by name
 * @param workers      every worker live at the end of the interval, or busy in it, by id
 */
public record HistorySample(Instant at, double seconds, List<ApplicationSample> applications,
                            List<WorkerSample> workers) {
    public HistorySample {
        applications = List.copyOf(applications);
        workers = List.copyOf(workers);
    }
}
