package io.baton.scheduler.membership;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.commons.membership.WorkerHeartbeat;
import io.baton.commons.membership.WorkerRegistration;
import java.net.URI;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.baton.scheduler.web.ApiException;

/**
 * Worker membership over HTTP, the routes worker-service's {@code HttpSchedulerClient} calls:
 * {@code POST /internal/v1/workers} (register; 409 when the id is live at another URL), {@code POST /internal/v1/workers/{id}/heartbeat} (404 when the
 * worker is unknown or evicted, so that it registers again), and {@code GET /internal/v1/workers[/{id}]}.
 */
@RestController
@RequestMapping("/internal/v1/workers")
public record WorkerController(WorkerRegistry registry) {

    @PostMapping
    @Operation(operationId = "registerWorker", summary = "A worker joins (or rejoins) the pool")
    public Worker register(@RequestBody WorkerRegistration registration) {
        validate(registration);
        try {
            return registry.register(registration);
        } catch (WorkerIdTakenException e) {
            throw new ApiException(HttpStatus.CONFLICT, "worker-id-taken", e.getMessage()).with("workerId", e.workerId());
        }
    }

    @PostMapping("/{id}/heartbeat")
    @Operation(operationId = "workerHeartbeat", summary = "A worker's heartbeat with its resident models and load")
    @ApiResponse(responseCode = "204", description = "Recorded")
    public ResponseEntity<Void> heartbeat(@PathVariable String id, @RequestBody WorkerHeartbeat heartbeat) {
        if (heartbeat.workerId() != null && !heartbeat.workerId().equals(id)) {
            throw invalid("workerId '" + heartbeat.workerId() + "' does not match the path's '" + id + "'");
        }
        try {
            registry.heartbeat(id, heartbeat);
        } catch (UnknownWorkerException e) {
            throw new ApiException(HttpStatus.NOT_FOUND, "unknown-worker", e.getMessage());
        }
        return ResponseEntity.noContent().build();
    }

    @GetMapping
    @Operation(operationId = "listWorkers", summary = "The workers and their state")
    public List<Worker> list() {
        return registry.workers();
    }

    @GetMapping("/{id}")
    @Operation(operationId = "getWorker", summary = "A worker")
    public Worker get(@PathVariable String id) {
        return registry.find(id).orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "unknown-worker",
                "unknown worker '" + id + "'"));
    }

    private static void validate(WorkerRegistration r) {
        if (r.workerId() == null || r.workerId().isBlank()) throw invalid("workerId must be a non-empty string");
        if (r.url() == null) throw invalid("url is required");
        URI url;
        try {
            url = URI.create(r.url());
        } catch (IllegalArgumentException e) {
            throw invalid("url is not a URI: " + r.url());
        }
        if (!url.isAbsolute() || !("http".equals(url.getScheme()) || "https".equals(url.getScheme()))
                || url.getHost() == null) {
            throw invalid("url must be an absolute http(s) URL, got '" + r.url() + "'");
        }
        if (r.device() == null) throw invalid("device is required");
        if (r.device().maxConcurrentBatches() < 1) throw invalid("device.maxConcurrentBatches must be ≥ 1");
        if (r.models() != null && r.models().stream().anyMatch(m -> m == null)) throw invalid("models must not hold null");
        if (r.grpcPort() != null && (r.grpcPort() < 1 || r.grpcPort() > 65535)) {
            throw invalid("grpcPort must be a TCP port (1 to 65535), got " + r.grpcPort());
        }
    }

    private static ApiException invalid(String detail) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", detail);
    }
}
