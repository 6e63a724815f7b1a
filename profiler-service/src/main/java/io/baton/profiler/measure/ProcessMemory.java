package io.baton.profiler.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.baton.commons.runtime.ResidentMemory;

/**
 * What the profiler reads as a session's memory.
 *
 * <p>On the CPU: this process's resident set ({@code VmRSS} of {@code /proc/self/status}). ONNX Runtime allocates
 * natively, outside the Java heap, so the RSS delta across creating a session is the session's weights, graph and
 * arenas; it is approximate (the JVM may grow or trim its own resident pages meanwhile, the delta is clamped ≥ 0).
 *
 * <p>On a GPU: the device memory this process holds, as {@code nvidia-smi --query-compute-apps} reports it for our
 * pid (ONNX Runtime's Java API does not expose the CUDA arena). Its delta across session creation includes the CUDA
 * arena ONNX Runtime reserves, which is what the session really takes from the device.
 */
public final class ProcessMemory {

    private ProcessMemory() {
    }

    /** Resident bytes of this process; -1 where they cannot be read. */
    public static long residentBytes() {
        return ResidentMemory.bytes();
    }

    /** GPU bytes this process holds by {@code nvidia-smi}; -1 when it cannot be asked. */
    public static long gpuBytes() {
        try {
            Process p = new ProcessBuilder("nvidia-smi", "--query-compute-apps=pid,used_memory",
                    "--format=csv,noheader,nounits").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) return -1;
            long pid = ProcessHandle.current().pid(), mib = 0;
            for (String line : out.split("\n")) {
                String[] f = line.split(",");
                if (f.length == 2 && f[0].trim().equals(Long.toString(pid))) mib += Long.parseLong(f[1].trim());
            }
            return mib * 1024 * 1024;
        } catch (IOException | RuntimeException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
