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
    private final int warmup, runs;
    private final MemoryBubble bubble = new MemoryBubble();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private double bubbleSoloRate = Double.NaN;

    public InterferenceHarness(int warmup, int runs) {
        if (warmup < 0 || runs < 1) throw new IllegalArgumentException("warmup must be ≥ 0 and runs ≥ 1");
        this.warmup = warmup;
        this.runs = runs;
    }

    /** Median latency of the model alone, in ms. */
    public double soloMs(OrtDevice m) {
        for (int i = 0; i < warmup; i++) m.run();
        return medianMs(m);
    }

    /** The model's features alone and beside the bubble. */
    public CpuProfile profile(OrtDevice m) {
        for (int i = 0; i < warmup; i++) m.run();
        long wall0 = System.nanoTime(), cpu = 0;
        for (int i = 0; i < runs; i++) cpu += m.run();
        double util = (double) cpu / (System.nanoTime() - wall0);
        double solo = medianMs(m);
        double beside;
        try (CoRunLoop b = new CoRunLoop("bubble", bubble::pass)) {
            beside = medianMs(m);
        }
        double pressure = pressure(m);
        return new CpuProfile(m.name(), solo, m.layers(), pressure, util, Math.max(1, beside / solo));
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

    /** The bubble's streaming rate alone, bytes per ns (measured once, on the calling thread). */
    double bubbleSoloRate() {
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
        long[] t = new long[runs];
        for (int i = 0; i < runs; i++) t[i] = m.run();
        Arrays.sort(t);
        return t[runs / 2] / 1e6;
    }
}
