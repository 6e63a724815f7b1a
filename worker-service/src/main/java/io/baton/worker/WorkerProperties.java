package io.baton.worker;

import java.net.URI;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of worker-service, bound from {@code baton.worker.*}.
 *
 * @param deviceId identifier of the device this worker drives, as the scheduler names it in dispatches
 *                    and plans (default {@code cpu-0})
 * @param schedulerUrl base URL of scheduler-service, to which this worker reports membership and batch
 *                    completions (default {@code http://127.0.0.1:8082})
 */
@ConfigurationProperties(prefix = "baton.worker")
public record WorkerProperties(
        String deviceId,
        URI schedulerUrl) {

    public WorkerProperties {
        if (deviceId == null) {
            deviceId = "cpu-0";
        }
        if (schedulerUrl == null) {
            schedulerUrl = URI.create("http://127.0.0.1:8082");
        }
    }
}
