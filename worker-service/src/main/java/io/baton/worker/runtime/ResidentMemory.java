package io.baton.worker.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The resident set size of this process, from {@code /proc/self/status} (Linux); -1 where it cannot be read. */
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
