package io.baton.scheduler.membership;

import java.util.List;

/**
 * Body of {@code POST /internal/v1/workers}, as worker-service's {@code HttpSchedulerClient} sends it.
 *
 * @param workerId the worker's id (its device id); its heartbeats go to {@code /internal/v1/workers/{workerId}/heartbeat}
 * @param url      base URL of the worker's {@code /internal/v1/...} routes
 * @param device   what the worker drives
 * @param models   digests of the models resident on it
 */
public record WorkerRegistration(String workerId, String url, WorkerDevice device, List<String> models) {
}
