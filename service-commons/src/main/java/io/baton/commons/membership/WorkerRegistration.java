package io.baton.commons.membership;

import java.util.List;

/**
 * Body of {@code POST /internal/v1/workers}, sent by worker-service, read by scheduler-service.
 *
 * @param workerId the worker's id (its device id); its heartbeats go to {@code /internal/v1/workers/{workerId}/heartbeat}
 * @param url      base URL of the worker's {@code /internal/v1/...} routes
 * @param device   what the worker drives
 * @param models   digests of the models resident on it
 */
public record WorkerRegistration(String workerId, String url, DeviceDescription device, List<String> models) {
}
