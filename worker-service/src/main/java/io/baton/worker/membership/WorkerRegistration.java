package io.baton.worker.membership;

import java.util.List;

import io.baton.worker.runtime.DeviceDescription;

/**
 * Body of {@code POST {schedulerUrl}/internal/v1/workers}.
 *
 * @param workerId the worker's id (its device id); heartbeats go to {@code /internal/v1/workers/{workerId}/heartbeat}
 * @param url      base URL under which the scheduler reaches the worker's {@code /internal/v1/...} routes
 * @param device   what the worker drives
 * @param models   digests of the resident models
 */
public record WorkerRegistration(String workerId, String url, DeviceDescription device, List<String> models) {
}
