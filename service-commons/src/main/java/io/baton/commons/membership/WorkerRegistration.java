package io.baton.commons.membership;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Body of {@code POST /internal/v1/workers}, sent by worker-service, read by scheduler-service.
 *
 * @param workerId the worker's id (its device id); its heartbeats go to {@code /internal/v1/workers/{workerId}/heartbeat}
 * @param url      base URL of the worker's {@code /internal/v1/...} routes
 * @param device   what the worker drives
 * @param models   digests of the models resident on it
 * @param grpcPort the port of its binary batch service ({@code baton.internal.v1.WorkerBatches}, on the host of
 *                 {@code url}); absent: the worker takes batches over HTTP only ({@code POST /internal/v1/batches})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkerRegistration(String workerId, String url, DeviceDescription device, List<String> models,
                                 Integer grpcPort) {

    /** A worker that takes batches over HTTP only. */
    public WorkerRegistration(String workerId, String url, DeviceDescription device, List<String> models) {
        this(workerId, url, device, models, null);
    }
}
