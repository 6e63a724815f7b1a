package io.baton.worker.runtime;

import io.baton.commons.membership.DeviceDescription;
import io.baton.commons.runtime.ExecutionProvider;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds out what device a worker drives: cores and CPU model from the JVM and {@code /proc/cpuinfo}; on CUDA
 * the GPU's name and memory from {@code nvidia-smi} (ONNX Runtime's Java API does not expose them).
 */
public final class DeviceProbe {

    private DeviceProbe() {
    }

    public static DeviceDescription describe(String deviceId, SessionFactory sessions, long memoryBudgetBytes,
                                             int maxConcurrentBatches) {
        return describe(deviceId, sessions, memoryBudgetBytes, maxConcurrentBatches, null);
    }

    /**
     * As {@link #describe(String, SessionFactory, long, int)}, with the device class the worker declares (null:
     * derived from the provider and intra-op threads by {@link DeviceDescription#defaultDeviceClass(String, int)}).
     */
    public static DeviceDescription describe(String deviceId, SessionFactory sessions, long memoryBudgetBytes,
                                             int maxConcurrentBatches, String deviceClass) {
        ExecutionProvider provider = sessions.provider();
        String gpuName = null;
        Integer gpuIndex = null;
        long memory = hostMemoryBytes();
        if (provider == ExecutionProvider.CUDA) {
            gpuIndex = sessions.cudaDeviceId();
            GpuInfo gpu = queryGpu(gpuIndex);
            if (gpu != null) {
                gpuName = gpu.name();
                memory = gpu.memoryBytes();
            }
        }
        List<String> providers = SessionFactory.availableProviders().stream().map(Enum::name).sorted().toList();
        return new DeviceDescription(deviceId, provider.deviceKind(), provider.id(),
                Runtime.getRuntime().availableProcessors(), cpuModel(), gpuName, gpuIndex, memory,
                memoryBudgetBytes, sessions.intraOpThreads(), maxConcurrentBatches, sessions.runtimeVersion(),
                providers, deviceClass != null ? deviceClass
                        : DeviceDescription.defaultDeviceClass(provider.deviceKind(), sessions.intraOpThreads()));
    }

    static long hostMemoryBytes() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return Runtime.getRuntime().maxMemory();
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the model name is a nicety
        }
        return System.getProperty("os.arch");
    }

    record GpuInfo(String name, long memoryBytes) {
    }

    /** {@code nvidia-smi --query-gpu=name,memory.total}; null when nvidia-smi is missing or fails. */
    static GpuInfo queryGpu(int index) {
        try {
            Process p = new ProcessBuilder("nvidia-smi", "--query-gpu=name,memory.total",
                    "--format=csv,noheader,nounits", "-i", Integer.toString(index))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroy();
                return null;
            }
            int comma = out.lastIndexOf(',');
            return new GpuInfo(out.substring(0, comma).trim(),
                    Long.parseLong(out.substring(comma + 1).trim()) * 1024 * 1024);
        } catch (IOException | RuntimeException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
