package io.baton.commons.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The resident set size of this process, from {@code /proc/self/status} (Linux); -1 where it cannot be read. ONNX
 * Runtime allocates natively, outside the Java heap, so both the worker (its memory bounds) and the profiler (a
 * session's footprint) read memory here rather than from the JVM.
 */
public final class ResidentMemory {

    private static final Path STATUS = Path.of("/proc/self/status");

    private ResidentMemory() {
    }

    public static long bytes() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmRSS:")) {
                    String kb = line.substring("VmRSS:".length()).replace("kB", "").trim();
                    return Long.parseLong(kb) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
