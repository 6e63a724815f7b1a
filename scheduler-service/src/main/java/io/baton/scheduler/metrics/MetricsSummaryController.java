package io.baton.scheduler.metrics;

import java.util.Comparator;
import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;

import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.membership.WorkerRegistry;

/**
 * {@code GET /internal/v1/metrics/summary}: goodput, miss rate, p99 latency, mean batch size and queue length per
 * application, and per worker its state and whether our batches keep it busy, in one small body. The gateway passes
 * it on at {@code GET /v1/metrics/summary} for the admin page; Prometheus keeps scraping {@code /actuator/prometheus}.
 */
@RestController
public record MetricsSummaryController(ServingMetrics metrics, WorkerRegistry workers) {

    @GetMapping("/internal/v1/metrics/summary")
    @Operation(operationId = "metricsSummary", summary = "Live serving figures per application and per worker, over "
            + "the last 10 s")
    public MetricsSummary summary() {
        List<WorkerSummary> perWorker = workers.workers().stream()
                .sorted(Comparator.comparing(Worker::workerId))
                .map(this::summary)
                .toList();
        return new MetricsSummary(ServingMetrics.WINDOW_SECONDS, metrics.applications(), perWorker);
    }

    private WorkerSummary summary(Worker w) {
        ServingMetrics.DeviceReading reading = metrics.reading(w.workerId());
        int running = reading == null ? 0 : reading.runningBatches();
        return new WorkerSummary(w.workerId(), w.state().name(), w.device() == null ? null : w.device().kind(),
                running > 0, running, reading == null ? 1.0 : reading.idleFraction(),
                reading == null ? 0.0 : reading.busySeconds(), w.models().size());
    }
}
