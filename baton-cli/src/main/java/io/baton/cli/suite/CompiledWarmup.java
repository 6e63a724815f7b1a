package io.baton.cli.suite;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.IntSupplier;

/**
 * The end of {@code bin/baton up}'s warm-up: after the compilers have gone quiet once, the same traffic again, in short
 * passes, until a pass compiles next to nothing, so that "Baton is up" means the serving path is compiled, not only
 * that the compilers are idle.
 *
 * <p>Why quiet once is not enough: HotSpot raises the invocation count a method needs before C2 compiles it while C2's
 * queue is long ({@code Tier4LoadFeedback}), and during the first warm-up eight JVMs on a small machine keep that queue
 * long. Many serving methods therefore end the first warm-up still on C1's profiling tier, just short of the raised
 * count; with no traffic the compilers go quiet, and they stay there until the next requests push those methods over.
 * Measured on two cores after a fresh {@code up} (compilers quiet after 90 s): the first 16 s of {@code bench live}
 * then compiled 472 methods with C2 in the gateway alone and cost the services 16.5 s of compiler time (the gateway
 * 8.3 s), while round trips to the workers took 2.8 ms at first and 0.8 ms ten seconds later. A pass of the same
 * traffic after the queue has drained makes those compilations happen before "Baton is up", and the next pass shows
 * whether any are left.
 *
 * <p>A pass is done when it compiled, during its traffic and the quiet wait after it, less than
 * {@link CompilerQuiet#QUIET_MS_PER_S} per second of its traffic (a tenth of one core, summed over the services: what
 * the services compile at rest is a fraction of that); at most {@link #MAX_PASSES}, all within one bound. Why three:
 * in three fresh suites on two cores the passes compiled 28–36 s, then 20–22 s, then 5.5–8.3 s; a fourth and fifth still
 * compiled 3–5 s each, a floor that more passes did not lower; passes mixing the applications' requests, rather than
 * sending one application's after another, compiled no less (what keeps compiling is not known yet).
 */
public final class CompiledWarmup {

    /** Passes after the first quiet wait, at most. */
    public static final int MAX_PASSES = 3;

    /**
     * One pass.
     *
     * @param number          1, 2, …
     * @param served          requests its traffic served
     * @param trafficSeconds  how long its traffic ran
     * @param compiledMs      compiler time the services spent from its start to the end of the quiet wait after it
     * @param quiet           whether the compilers went quiet after it within the bound
     */
    public record Pass(int number, int served, double trafficSeconds, double compiledMs, boolean quiet) {

        /** Compiler time per second of the pass's traffic. */
        public double compiledMsPerSecond() {
            return trafficSeconds > 0 ? compiledMs / trafficSeconds : Double.POSITIVE_INFINITY;
        }

        /** Whether the traffic compiled next to nothing: the serving path it took is compiled. */
        public boolean compiled() {
            return quiet && compiledMsPerSecond() < CompilerQuiet.QUIET_MS_PER_S;
        }

        /** One line for {@code up}'s output. */
        public String describe() {
            return String.format(Locale.ROOT, "pass %d: %d requests in %.1f s, then %.1f s of compilation (%.0f ms per second of"
                            + " traffic)%s", number, served, trafficSeconds, compiledMs / 1000, compiledMsPerSecond(),
                    compiled() ? ": compiled" : !quiet ? ": the compilers were still busy at the bound" : "");
        }
    }

    /**
     * What a pass needs from the suite.
     *
     * @param traffic    sends one pass of warm-up traffic, answering how many requests it served
     * @param compiledMs the services' compiler time so far, summed (NaN when no service answers)
     * @param awaitQuiet waits, at most the given time, for the compilers to go quiet
     */
    public record Services(IntSupplier traffic, DoubleSupplier compiledMs, Function<Duration, CompilerQuiet.Outcome> awaitQuiet) {}

    private CompiledWarmup() {
    }

    /**
     * Passes until one is {@link Pass#compiled()}, {@link #MAX_PASSES} have run, or {@code bound} has passed (a pass is
     * not begun in its last tenth), printing a line for each.
     */
    public static List<Pass> run(Services suite, Duration bound, PrintStream out) {
        List<Pass> passes = new ArrayList<>();
        long start = System.nanoTime();
        long end = start + bound.toNanos();
        while (passes.size() < MAX_PASSES && end - System.nanoTime() > bound.toNanos() / 10) {
            double before = suite.compiledMs().getAsDouble();
            if (Double.isNaN(before)) {
                out.println("  compilers: no service exports " + CompilerQuiet.METRIC + "; no passes");
                break;
            }
            long t0 = System.nanoTime();
            int served = suite.traffic().getAsInt();
            double trafficSeconds = (System.nanoTime() - t0) / 1e9;
            long left = end - System.nanoTime();
            CompilerQuiet.Outcome quiet = left > 0 ? suite.awaitQuiet().apply(Duration.ofNanos(left))
                    : new CompilerQuiet.Outcome(false, 0, 0, 0);
            double after = suite.compiledMs().getAsDouble();
            Pass pass = new Pass(passes.size() + 1, served, trafficSeconds, Double.isNaN(after) ? Double.NaN : Math.max(0, after - before),
                    quiet.quiet());
            passes.add(pass);
            out.println("  " + pass.describe());
            out.flush();
            if (pass.compiled()) break;
        }
        return passes;
    }
}
