package io.baton.commons.membership;

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
 * @param deviceClass          the worker's device class for interference-aware placement (the interference paper's
 *                             heterogeneous devices, interference-notes §V): what it declared
 *                             ({@code baton.worker.device-class}), else {@link #defaultDeviceClass(String, int)};
 *                             null from workers that predate it, read through {@link #deviceClassOrDefault()}
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
        List<String> availableProviders,
        String deviceClass) {

    /** A description without a declared device class (workers that predate it); see {@link #deviceClassOrDefault()}. */
    public DeviceDescription(String deviceId, String kind, String provider, int cores, String cpuModel, String gpuName,
                             Integer gpuIndex, long memoryBytes, long memoryBudgetBytes, int intraOpThreads,
                             int maxConcurrentBatches, String onnxRuntimeVersion, List<String> availableProviders) {
        this(deviceId, kind, provider, cores, cpuModel, gpuName, gpuIndex, memoryBytes, memoryBudgetBytes,
                intraOpThreads, maxConcurrentBatches, onnxRuntimeVersion, availableProviders, null);
    }

    /** The declared device class, or the one {@link #defaultDeviceClass(String, int)} derives when none was declared. */
    public String deviceClassOrDefault() {
        return deviceClass == null || deviceClass.isBlank() ? defaultDeviceClass(kind, intraOpThreads) : deviceClass;
    }

    /**
     * The device class a worker has when it declares none: {@code gpu} on a GPU; on a CPU {@code cpu-<n>t} when it
     * runs with a fixed number n of intra-op threads (two CPU workers with different thread counts are different
     * devices to the interference planner), plain {@code cpu} when ONNX Runtime picks (0).
     *
     * @param kind           {@code cpu} or {@code gpu}
     * @param intraOpThreads intra-op threads per session (0 = ONNX Runtime's choice)
     * @return the default device class
     */
    public static String defaultDeviceClass(String kind, int intraOpThreads) {
        if ("gpu".equals(kind)) {
            return "gpu";
        }
        return intraOpThreads > 0 ? "cpu-" + intraOpThreads + "t" : "cpu";
    }
}
