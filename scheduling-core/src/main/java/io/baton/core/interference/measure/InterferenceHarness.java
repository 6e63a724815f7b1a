package io.baton.core.interference.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Measures §IV-B's features and §IV-C's co-run slowdowns with real ONNX Runtime sessions on this machine's CPU
 * cores, the stand-ins for the paper's GPU and DLAs.
 *
 * <p>"Devices" are threads: the target runs on the calling thread, its co-runner (another model, or the
 * {@link MemoryBubble}) loops on a second thread; each ONNX Runtime session has one intra-op and one inter-op
 * thread ({@link OrtDevice}), so each device is one busy thread. The JVM cannot pin a thread to a core without
 * native code, and {@code session.intra_op_thread_affinities} only pins ORT's own pool threads (there are none
 * with one intra-op thread), so placement is left to the kernel, which spreads two busy threads over two cores.
 * Other load on the machine is noise; each co-run is therefore compared with a solo measurement taken just
 * before it rather than with the profile's.
 *
 * <p>Timings are the thread CPU time of an inference ({@link OrtDevice#run}; the bubble's rate likewise), so that
 * waiting for a core on an oversubscribed machine does not count as interference, and medians over {@code runs}
 * inferences after {@code warmup} (medians resist scheduler hiccups).
 * Slowdowns below 1 (noise: a co-runner never speeds a model up) are reported as 1.
 */
public final class InterferenceHarness {
    /** What {@link CpuProfile#probe()} names: memory bandwidth comes from the bubble probe, not hardware counters. */
    public static final String BANDWIDTH_PROBE = "bubble-probe:32MiB-copy";
    /** The fewest and most timed inferences per phase when the harness sizes its runs to a time budget. */
    public static final int MIN_RUNS = 5, MAX_RUNS = 1000;

    private final int warmup, runs;
    private final long budgetNanos; // > 0: runs per phase sized to this budget, per model; 0: always {@code runs}
    private final MemoryBubble bubble = new MemoryBubble();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private double bubbleSoloRate = Double.NaN;

    /** Every phase of every measurement times {@code runs} inferences after {@code warmup} untimed ones. */
    public InterferenceHarness(int warmup, int runs) {
        this(warmup, runs, 0);
    }

    private InterferenceHarness(int warmup, int runs, long budgetNanos) {
        if (warmup < 0 || runs < 1) throw new IllegalArgumentException("warmup must be ≥ 0 and runs ≥ 1");
        this.warmup = warmup;
        this.runs = runs;
        this.budgetNanos = budgetNanos;
    }

    /**
     * A harness whose {@link #profile} spends about {@code budget} on a model's inferences, whatever the model's
     * size: after the warm-up, each of its three timed phases (utilisation, solo, beside the bubble) runs
     * budget ÷ (4 × the median warm-up inference time) inferences, at least {@value #MIN_RUNS} and at most
     * {@value #MAX_RUNS}. The bubble's own passes come on top: its solo rate (twelve passes of 64 MiB) measured
     * afresh for every model, just before the probe's ten with the model, so that both see the same background load
     * on a shared machine (the fixed-count harness of the bench measures the solo rate once).
     */
    public static InterferenceHarness timed(int warmup, java.time.Duration budget) {
        if (budget.isNegative() || budget.isZero()) throw new IllegalArgumentException("the budget must be positive");
        return new InterferenceHarness(Math.max(1, warmup), MIN_RUNS, budget.toNanos());
    }

    /** Median latency of the model alone, in ms. */
    public double soloMs(OrtDevice m) {
        for (int i = 0; i < warmup; i++) m.run();
        return medianMs(m, runs);
    }

    /**
     * §IV-B's features of one model file alone on one core and beside the bubble: the one entry point that both
     * {@code baton bench interference-calibrate} (through {@link #profile(OrtDevice)}) and profiler-service use.
     * The model is loaded as an {@link OrtDevice} at {@code batch} (its symbolic dimensions), measured, and closed.
     */
    public CpuProfile profile(String name, byte[] model, int batch) throws ai.onnxruntime.OrtException {
        try (OrtDevice m = new OrtDevice(name, model, batch)) {
            return profile(m);
        }
    }

    /** The model's features alone and beside the bubble. */
    public CpuProfile profile(OrtDevice m) {
        long[] warm = new long[warmup];
        for (int i = 0; i < warmup; i++) warm[i] = m.run();
        int n = runs;
        if (budgetNanos > 0) {
            Arrays.sort(warm);
            long each = Math.max(1, warm[warm.length / 2]);
            n = (int) Math.max(MIN_RUNS, Math.min(MAX_RUNS, budgetNanos / (4 * each)));
        }
        long wall0 = System.nanoTime(), cpu = 0;
        for (int i = 0; i < n; i++) cpu += m.run();
        double util = Math.min(1, (double) cpu / Math.max(1, System.nanoTime() - wall0));
        double solo = medianMs(m, n);
        double beside;
        try (CoRunLoop b = new CoRunLoop("bubble", bubble::pass)) {
            beside = medianMs(m, n);
        }
        if (budgetNanos > 0) bubbleSoloRate = Double.NaN; // timed: the bubble's solo rate afresh, under the same background load
        double pressure = pressure(m);
        return new CpuProfile(m.name(), solo, m.layers(), pressure, util, Math.max(1, beside / solo),
                pressure * bubbleSoloRate());
    }

    /** Slowdown of {@code target} while {@code coRunner} runs on the other core (≥ 1). */
    public double coRunSlowdown(OrtDevice target, OrtDevice coRunner) {
        double solo = soloMs(target);
        double co;
        try (CoRunLoop c = new CoRunLoop(coRunner.name(), coRunner::run)) {
            co = medianMs(target);
        }
        return Math.max(1, co / solo);
    }

    /** Slowdown of the model beside the bubble (≥ 1): its sensitivity, measured afresh. */
    public double bubbleSlowdown(OrtDevice target) {
        double solo = soloMs(target);
        double co;
        try (CoRunLoop b = new CoRunLoop("bubble", bubble::pass)) {
            co = medianMs(target);
        }
        return Math.max(1, co / solo);
    }

    /**
     * The bubble's streaming rate alone, bytes per ns = GB/s, on the calling thread: measured once per fixed-count
     * harness; a timed one measures it again for every model it profiles (this is the last one).
     */
    public double bubbleSoloRate() {
        if (Double.isNaN(bubbleSoloRate)) {
            bubble.pass();
            double[] rates = new double[5];
            for (int i = 0; i < rates.length; i++) {
                long t0 = threads.getCurrentThreadCpuTime();
                long bytes = bubble.pass() + bubble.pass();
                rates[i] = (double) bytes / (threads.getCurrentThreadCpuTime() - t0);
            }
            Arrays.sort(rates);
            bubbleSoloRate = rates[rates.length / 2];
        }
        return bubbleSoloRate;
    }

    /** The fraction of the bubble's streaming rate lost while the model loops on the other core. */
    private double pressure(OrtDevice m) {
        double alone = bubbleSoloRate();
        double[] rates = new double[5];
        try (CoRunLoop c = new CoRunLoop(m.name(), m::run)) {
            for (int i = 0; i < rates.length; i++) {
                long t0 = threads.getCurrentThreadCpuTime();
                long bytes = bubble.pass() + bubble.pass();
                rates[i] = (double) bytes / (threads.getCurrentThreadCpuTime() - t0);
            }
        }
        Arrays.sort(rates);
        return Math.max(0, 1 - rates[rates.length / 2] / alone);
    }

    private double medianMs(OrtDevice m) {
        return medianMs(m, runs);
    }

    private static double medianMs(OrtDevice m, int n) {
        long[] t = new long[n];
        for (int i = 0; i < n; i++) t[i] = m.run();
        Arrays.sort(t);
        return t[n / 2] / 1e6;
    }
}
