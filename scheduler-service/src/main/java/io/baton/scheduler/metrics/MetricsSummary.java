package io.baton.scheduler.metrics;

import java.util.List;

/**
 * {@code GET /internal/v1/metrics/summary}: live serving figures in one small JSON body, for the admin page (through
 * the gateway) rather than a Prometheus scrape.
 *
 * @param windowSeconds the window the rates, percentiles and means cover
 * @param applications  every application that has had a request, by name
 * @param workers       every worker the scheduler knows, by id
 */
public record MetricsSummary(int windowSeconds, List<ApplicationSummary> applications, List<WorkerSummary> workers) {
}
