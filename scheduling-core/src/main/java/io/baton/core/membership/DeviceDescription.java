package io.baton.core.membership;

import java.util.List;

/**
 * What a worker drives, as {@code GET /internal/v1/device} reports it and as it registers with the scheduler.
 *
 * @param deviceId             the worker's device id ({@code baton.worker.device-id})
 * @param kind                 {@code cpu} or {@code gpu}
 * @param provider             ONNX Runtime execution provider: {@code cpu} or {@code cuda}
 * @param cores                processors available to this process
 * @param cpuModel             the CPU's model name, when known
 * @param gpuName              the GPU's name (on {@code cuda}; null on {@code cpu} or when nvidia-smi cannot tell)
 * @param gpuIndex             CUDA device ordinal (null on {@code cpu})
 * @param memoryBytes          memory of the device: GPU memory on {@code cuda}, physical host memory on {@code cpu}
 * @param memoryBudgetBytes    how much of it the model cache may hold
 * @param intraOpThreads       intra-op threads per session (0 = ONNX Runtime's choice)
 * @param maxConcurrentBatches batches run at once (1 = one at a time)
 * @param onnxRuntimeVersion   version of the ONNX Runtime native library
 * @param availableProviders   execution providers this ONNX Runtime build offers
 */
public record DeviceDescription(
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
