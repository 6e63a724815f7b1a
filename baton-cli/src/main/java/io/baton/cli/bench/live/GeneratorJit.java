package io.baton.cli.bench.live;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * This load generator's own JIT compiler, read from its {@link CompilationMXBean}. Each {@code bench live} is a new
 * JVM: its first seconds of sending compile the client's path (gRPC, Netty, the HTTP client, protobuf), on the same
 * cores as the suite it measures. Measured on this machine, a generator that had only its fixed warm-up behind it
 * compiled through the first point it measured, and that point alone was slower than the rest. So the warm-up goes on
 * until the generator compiles next to nothing ({@link #quiet}), and each point says how much it compiled while it ran.
 */
final class GeneratorJit {
    /** Compiling less than this share of one core over the last slice of warm-up counts as quiet. */
    static final double QUIET_SHARE = 0.05;
    /** The longest the warm-up goes on for the generator's JIT, beyond its fixed seconds. */
    static final double MAX_EXTRA_SECONDS = 30;
    /** Above this share of one core during a point, the point's footnote says so. */
    static final double NOTED_SHARE = 0.05;

    private final CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
    private final boolean measured = bean != null && bean.isCompilationTimeMonitoringSupported();

    /** False where the JVM does not time its compilations: the warm-up is then its fixed seconds only. */
    boolean measured() {
        return measured;
    }

    /** Milliseconds this JVM has spent compiling since it started (summed over its compiler threads); 0 if not measured. */
    long totalMs() {
        return measured ? bean.getTotalCompilationTime() : 0;
    }

    /** True when {@code compiledMs} over {@code seconds} is under {@link #QUIET_SHARE} of one core. */
    static boolean quiet(long compiledMs, double seconds) {
        return compiledMs < QUIET_SHARE * seconds * 1000;
    }
}
