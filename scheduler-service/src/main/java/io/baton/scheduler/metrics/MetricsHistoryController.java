package io.baton.scheduler.metrics;

import java.time.Instant;
import java.time.format.DateTimeParseException;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;

import io.baton.commons.problem.ProblemException;
import io.baton.commons.problem.ProblemTypes;

/**
 * {@code GET /internal/v1/metrics/history[?since=<instant>]}: per application goodput, miss rate, p50 and p99
 * latency, mean batch size and queue length, and per worker its busy fraction, one sample per
 * {@code baton.scheduler.metrics.sample-interval} over the last {@code baton.scheduler.metrics.history} (15 minutes by
 * default). The gateway passes it on at {@code GET /v1/metrics/history} for the admin page's charts; with
 * {@code since} (the {@code at} of the last sample the caller holds) only newer samples come back.
 */
@RestController
public record MetricsHistoryController(MetricsSampler sampler, MetricsHistoryProperties properties) {

    @GetMapping("/internal/v1/metrics/history")
    @Operation(operationId = "metricsHistory", summary = "Serving figures per application and busy fraction per "
            + "worker, sampled every 5 s over the last 15 minutes (the settings' interval and span), oldest first")
    public MetricsHistoryBody history(@Parameter(description = "only samples that end after this ISO-8601 instant, "
            + "e.g. 2026-01-01T12:00:00Z") @RequestParam(required = false) String since) {
        Instant after = null;
        if (since != null && !since.isBlank()) {
            try {
                after = Instant.parse(since.trim());
            } catch (DateTimeParseException e) {
                throw new ProblemException(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST, "since",
                        "since must be an ISO-8601 instant such as 2026-01-01T12:00:00Z, got \""
                                + (since.length() > 64 ? since.substring(0, 64) + "…" : since) + "\"");
            }
        }
        MetricsHistory history = sampler.history();
        return new MetricsHistoryBody(properties.sampleInterval().toMillis() / 1000.0,
                properties.history().toMillis() / 1000.0, history.capacity(), history.since(after));
    }
}
