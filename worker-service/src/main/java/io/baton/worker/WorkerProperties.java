package io.baton.worker;

import java.net.URI;
import java.util.List;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

import io.baton.commons.boot.SettingsInfo;
import io.baton.commons.runtime.ExecutionProvider;

/**
 * Configuration of worker-service, bound from {@code baton.worker.*}.
 *
 * @param deviceId             identifier of the device this worker drives, as the scheduler names it in
 *                             dispatches and plans; also the worker's id towards the scheduler
 * @param schedulerUrl         base URLs of scheduler-service for registration and heartbeats, comma-separated: the
 *                             worker registers with and heartbeats to every one (the leader and its standby, so
 *                             the standby knows the workers when it takes over); none (the default) turns membership
 *                             reporting off, so a worker runs on its own
 * @param registryUrl          where artifacts come from: {@code http(s)://host:port} of registry-service
 *                             ({@code GET {registryUrl}/v1/artifacts/{sha256}}), or {@code file:/dir} for a local
 *                             directory of ONNX files
 * @param provider             ONNX Runtime execution provider: {@code cpu} or {@code cuda}
 * @param cudaDeviceId         CUDA device ordinal when the provider is {@code cuda}
 * @param intraOpThreads       ONNX Runtime intra-op threads per session; 0 lets ONNX Runtime pick
 *                             (one per physical core)
 * @param memoryBudget         memory the model cache may hold (bytes, or {@code 512MB}); loading past it evicts
 *                             least-recently-used models
 * @param maxConcurrentBatches batches allowed on the device at once; 1 means the device runs one batch
 *                             at a time, as the scheduling policies assume, and the others queue
 * @param heartbeatInterval    time between heartbeats, and between registration retries
 * @param advertisedUrl        base URL under which the scheduler reaches this worker; default
 *                             {@code http://127.0.0.1:{server port}}
 * @param httpTimeout          timeout of each call to the registry or the scheduler
 * @param deviceClass          the device class this worker declares in its registration, for the scheduler's
 *                             interference-aware placement across heterogeneous devices; none (the default) derives it
 *                             from the provider and intra-op threads: {@code gpu}, {@code cpu-<n>t} or {@code cpu}
 * @param modelDir             where each loaded model gets its private directory (owner-only, removed at unload);
 *                             none (the default) uses the system's temporary directory
 * @param maxRunTime           the longest a batch may take on this worker, whatever its {@code timeoutMs} asks; a run
 *                             still going then is cancelled (by default the scheduler's longest wait)
 * @param maxRunMemory         how much the worker's resident memory may grow during one run before the run is
 *                             cancelled (read every 100 ms, so a run that grows step by step is stopped,
 *                             while one kernel's single allocation is seen only when it ends)
 * @param cpuArena             whether ONNX Runtime's sessions keep freed CPU memory in their arena for reuse. An arena never gives memory back: one request that makes a model allocate
 *                             gigabytes leaves the worker that large for good. Without it a run's buffers go back to
 *                             the C allocator, which returns large ones to the system at once
 */
@Validated
@ConfigurationProperties(prefix = "baton.worker")
public record WorkerProperties(
        @DefaultValue("cpu-0") String deviceId,
        List<URI> schedulerUrl,
        @DefaultValue("http://127.0.0.1:8081") URI registryUrl,
        @DefaultValue("cpu") ExecutionProvider provider,
        @Min(0) int cudaDeviceId,
        @Min(0) int intraOpThreads,
        @DefaultValue("1GB") DataSize memoryBudget,
        @DefaultValue("1") @Min(1) int maxConcurrentBatches,
        @DefaultValue("2s") @DurationMin(nanos = 0, inclusive = false) Duration heartbeatInterval,
        URI advertisedUrl,
        @DefaultValue("10s") Duration httpTimeout,
        String deviceClass,
        @DefaultValue("5m") @DurationMin(nanos = 0, inclusive = false) Duration maxRunTime,
        @DefaultValue("2GB") DataSize maxRunMemory,
        @DefaultValue("false") boolean cpuArena,
        java.nio.file.Path modelDir) implements SettingsInfo.Summarized {

    public WorkerProperties {
        if (memoryBudget.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.worker.memory-budget must be > 0");
        }
        if (maxRunMemory.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.worker.max-run-memory must be > 0");
        }
        if (deviceClass != null && deviceClass.isBlank()) {
            deviceClass = null;
        }
    }

    public long memoryBudgetBytes() {
        return memoryBudget.toBytes();
    }

    /** The settings {@code /actuator/info} reports under {@code baton}. */
    @Override
    public Map<String, Object> infoSummary() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("deviceId", deviceId);
        settings.put("provider", provider.id());
        settings.put("registryUrl", registryUrl.toString());
        settings.put("schedulerUrl", schedulerUrl == null || schedulerUrl.isEmpty() ? "none (standalone)"
                : schedulerUrl.stream().map(URI::toString).collect(java.util.stream.Collectors.joining(",")));
        settings.put("memoryBudgetBytes", memoryBudgetBytes());
        settings.put("intraOpThreads", intraOpThreads);
        settings.put("maxConcurrentBatches", maxConcurrentBatches);
        settings.put("heartbeatIntervalMs", heartbeatInterval.toMillis());
        return settings;
    }
}
