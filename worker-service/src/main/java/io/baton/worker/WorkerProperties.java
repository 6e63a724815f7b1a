package io.baton.worker;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import io.baton.commons.runtime.ExecutionProvider;

/**
 * Configuration of worker-service, bound from {@code baton.worker.*}.
 *
 * @param deviceId             identifier of the device this worker drives, as the scheduler names it in
 *                             dispatches and plans; also the worker's id towards the scheduler (default {@code cpu-0})
 * @param schedulerUrl         base URL of scheduler-service for registration and heartbeats; none (the default)
 *                             turns membership reporting off, so a worker runs on its own
 * @param registryUrl          where artifacts come from: {@code http(s)://host:port} of registry-service
 *                             ({@code GET {registryUrl}/v1/artifacts/{sha256}}), or {@code file:/dir} for a local
 *                             directory of ONNX files (default {@code http://127.0.0.1:8081})
 * @param provider             ONNX Runtime execution provider: {@code cpu} (default) or {@code cuda}
 * @param cudaDeviceId         CUDA device ordinal when the provider is {@code cuda} (default 0)
 * @param intraOpThreads       ONNX Runtime intra-op threads per session; 0 (default) lets ONNX Runtime pick
 *                             (one per physical core)
 * @param memoryBudget         memory the model cache may hold (bytes, or {@code 512MB}); loading past it evicts
 *                             least-recently-used models (default 1GB)
 * @param maxConcurrentBatches batches allowed on the device at once; 1 (default) means the device runs one batch
 *                             at a time, as the scheduling policies assume, and the others queue
 * @param heartbeatInterval    time between heartbeats, and between registration retries (default 2s)
 * @param advertisedUrl        base URL under which the scheduler reaches this worker; default
 *                             {@code http://127.0.0.1:{server port}}
 * @param httpTimeout          timeout of each call to the registry or the scheduler (default 10s)
 * @param deviceClass          the device class this worker declares in its registration, for the scheduler's
 *                             interference-aware placement across heterogeneous devices; none (the default) derives it
 *                             from the provider and intra-op threads: {@code gpu}, {@code cpu-<n>t} or {@code cpu}
 * @param modelDir             where each loaded model gets its private directory (owner-only, removed at unload);
 *                             none (the default) uses the system's temporary directory
 * @param maxRunTime           the longest a batch may take on this worker, whatever its {@code timeoutMs} asks; a run
 *                             still going then is cancelled (default 5m, the scheduler's longest wait)
 * @param maxRunMemory         how much the worker's resident memory may grow during one run before the run is
 *                             cancelled (default 2GB; read every 100 ms, so a run that grows step by step is stopped,
 *                             while one kernel's single allocation is seen only when it ends)
 * @param cpuArena             whether ONNX Runtime's sessions keep freed CPU memory in their arena for reuse (default
 *                             false). An arena never gives memory back: one request that makes a model allocate
 *                             gigabytes leaves the worker that large for good. Without it a run's buffers go back to
 *                             the C allocator, which returns large ones to the system at once
 */
@ConfigurationProperties(prefix = "baton.worker")
public record WorkerProperties(
        String deviceId,
        URI schedulerUrl,
        URI registryUrl,
        ExecutionProvider provider,
        int cudaDeviceId,
        int intraOpThreads,
        DataSize memoryBudget,
        int maxConcurrentBatches,
        Duration heartbeatInterval,
        URI advertisedUrl,
        Duration httpTimeout,
        String deviceClass,
        Duration maxRunTime,
        DataSize maxRunMemory,
        Boolean cpuArena,
        java.nio.file.Path modelDir) {

    public WorkerProperties {
        if (deviceId == null || deviceId.isBlank()) {
            deviceId = "cpu-0";
        }
        if (registryUrl == null) {
            registryUrl = URI.create("http://127.0.0.1:8081");
        }
        if (provider == null) {
            provider = ExecutionProvider.CPU;
        }
        if (cudaDeviceId < 0) {
            throw new IllegalArgumentException("baton.worker.cuda-device-id must be >= 0");
        }
        if (intraOpThreads < 0) {
            throw new IllegalArgumentException("baton.worker.intra-op-threads must be >= 0 (0 = ONNX Runtime's choice)");
        }
        if (memoryBudget == null) {
            memoryBudget = DataSize.ofGigabytes(1);
        }
        if (memoryBudget.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.worker.memory-budget must be > 0");
        }
        if (maxConcurrentBatches == 0) {
            maxConcurrentBatches = 1;
        }
        if (maxConcurrentBatches < 0) {
            throw new IllegalArgumentException("baton.worker.max-concurrent-batches must be >= 1");
        }
        if (heartbeatInterval == null) {
            heartbeatInterval = Duration.ofSeconds(2);
        }
        if (heartbeatInterval.isNegative() || heartbeatInterval.isZero()) {
            throw new IllegalArgumentException("baton.worker.heartbeat-interval must be > 0");
        }
        if (httpTimeout == null) {
            httpTimeout = Duration.ofSeconds(10);
        }
        if (maxRunTime == null) {
            maxRunTime = Duration.ofMinutes(5);
        }
        if (maxRunTime.isNegative() || maxRunTime.isZero()) {
            throw new IllegalArgumentException("baton.worker.max-run-time must be > 0");
        }
        if (maxRunMemory == null) {
            maxRunMemory = DataSize.ofGigabytes(2);
        }
        if (maxRunMemory.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.worker.max-run-memory must be > 0");
        }
        if (cpuArena == null) {
            cpuArena = false;
        }
        if (deviceClass != null && deviceClass.isBlank()) {
            deviceClass = null;
        }
    }

    public long memoryBudgetBytes() {
        return memoryBudget.toBytes();
    }
}
