package io.baton.scheduler.dispatch;

import io.baton.core.policy.Clock;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.metrics.ServingMetrics;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * What every engine is built with, whatever its paper: the workers it sends batches to, the live ones by id (for the
 * engines that pick a worker per batch rather than follow membership messages), the metrics it reports, the wall
 * clock, and the grace a worker call gets beyond the batch's expected latency.
 */
record EngineContext(WorkerClient workers, Supplier<List<Worker>> liveWorkers, ServingMetrics metrics, Clock clock,
                     Duration callGrace) {
}
