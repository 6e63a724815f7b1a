package io.baton.scheduler.membership;

import java.util.List;

/**
 * What a worker drives, exactly as worker-service's {@code DeviceDescription} sends it when it registers (the
 * same fields, so an unknown or misspelt one is refused by name).
 *
 * @param deviceId             the worker's device id
 * @param kind                 {@code cpu} or {@code gpu}
 * @param provider             ONNX Runtime execution provider: {@code cpu} or {@code cuda}
 * @param cores                processors available to the worker's process
 * @param cpuModel             the CPU's model name, when known
 * @param gpuName              the GPU's name, when known (null on {@code cpu})
 * @param gpuIndex             CUDA device ordinal (null on {@code cpu})
 * @param memoryBytes          memory of the device
 * @param memoryBudgetBytes    how much of it the worker's model cache may hold
 * @param intraOpThreads       intra-op threads per session (0 = ONNX Runtime's choice)
 * @param maxConcurrentBatches batches the worker runs at once
 * @param onnxRuntimeVersion   version of the worker's ONNX Runtime
 * @param availableProviders   execution providers that ONNX Runtime build offers
 */
public record WorkerDevice(
        String deviceId,
        String kind,
        String provider,
        int cores,
        String cpuModel,
        String gpuName,
        Integer gpuIndex,
        long memoryBytes,
        long memoryBudgetBytes,
        int intraOpThreads,
        int maxConcurrentBatches,
        String onnxRuntimeVersion,
        List<String> availableProviders) {
}
