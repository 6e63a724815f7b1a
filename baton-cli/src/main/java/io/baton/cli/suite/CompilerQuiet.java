package io.baton.cli.suite;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The last step of {@code bin/baton up}'s warm-up: wait until the suite's JIT compilers have gone quiet. Each service
 * exports {@code jvm_compilation_time_ms_total} (Micrometer's JVM compilation metric: the time its compiler threads
 * have spent compiling); the wait ends once the growth of that counter, summed over every service, stays under
 * {@link #QUIET_MS_PER_S} per second for {@link #QUIET_POLLS} polls in a row, or at the bound.
 *
 * <p>Why: the route warm-up makes every serving method hot, but HotSpot compiles hot methods in the background, on
 * compiler threads of every JVM, and seven JVMs on a small machine queue far more compilations than their compiler
 * threads finish while the warm-up runs (the queue overflows into C1's quick tier, to be compiled again later). Measured
 * on two cores after a first {@code up}: the gateway alone had spent 197 s of compiler time in its first two and a half
 * minutes, and the services together were still compiling at about 16 s per 6 s of wall clock when the first load test
 * began, taking the cores the requests needed. The load test that follows then measures the compilers, not the policy.
 * Waiting while nothing else runs lets the queued compilations finish on idle cores.
 */
public final class CompilerQuiet {

    /** The metric read from each service's {@code /actuator/prometheus}. */
    static final String METRIC = "jvm_compilation_time_ms_total";

    /** Compilation a second may hold, summed over every service, and still count as quiet: a tenth of one core. */
    static final double QUIET_MS_PER_S = 100;

    /** Quiet polls in a row that end the wait. */
    static final int QUIET_POLLS = 2;

    /**
     * How the wait ended.
     *
     * @param quiet      whether the compilers went quiet (else the bound passed)
     * @param seconds    how long it waited
     * @param compiledMs compiler time spent meanwhile, summed over the services read
     * @param services   how many services answered with the metric
     */
    public record Outcome(boolean quiet, double seconds, double compiledMs, int services) {

        /** One line for {@code up}'s output. */
        public String describe() {
            return services == 0
                    ? "compilers: no service exports " + METRIC + "; not waited for"
                    : String.format(Locale.ROOT, quiet
                            ? "compilers quiet after %.1f s (%.1f s of compilation in %d services meanwhile)"
                            : "compilers still busy at the bound of %.1f s (%.1f s of compilation in %d services "
                            + "meanwhile): the first load test may share the cores with the JIT", seconds,
                    compiledMs / 1000, services);
        }
    }

    private CompilerQuiet() {
    }

    /** Waits for {@code metrics} (each service's prometheus route) to go quiet, within {@code bound}, polling each 2 s. */
    public static Outcome await(JsonHttp http, List<URI> metrics, Duration bound, PrintStream out) {
        Outcome o = await(http, metrics, bound, Duration.ofSeconds(2));
        out.println("  " + o.describe());
        out.flush();
        return o;
    }

    /** As {@link #await(JsonHttp, List, Duration, PrintStream)}, printing nothing. */
    public static Outcome awaitQuietly(JsonHttp http, List<URI> metrics, Duration bound) {
        return await(http, metrics, bound, Duration.ofSeconds(2));
    }

    /** The services' compiler time so far, summed over those that answer; NaN when none does. */
    public static double totalMs(JsonHttp http, List<URI> metrics) {
        double total = Double.NaN;
        for (double v : read(http, metrics)) {
            if (!Double.isNaN(v)) total = Double.isNaN(total) ? v : total + v;
        }
        return total;
    }

    static Outcome await(JsonHttp http, List<URI> metrics, Duration bound, Duration poll) {
        long start = System.nanoTime();
        long end = start + bound.toNanos();
        double[] first = read(http, metrics);
        int services = answered(first);
        if (services == 0) return new Outcome(false, 0, 0, 0);
        double[] last = first;
        long lastAt = System.nanoTime();
        int quietPolls = 0;
        while (System.nanoTime() < end) {
            ServiceProcess.sleep(poll.toMillis());
            double[] now = read(http, metrics);
            long at = System.nanoTime();
            double grown = grownMs(last, now);
            double perSecond = grown / ((at - lastAt) / 1e9);
            last = merge(last, now);
            lastAt = at;
            quietPolls = perSecond < QUIET_MS_PER_S ? quietPolls + 1 : 0;
            if (quietPolls >= QUIET_POLLS) {
                return new Outcome(true, (at - start) / 1e9, grownMs(first, last), services);
            }
        }
        return new Outcome(false, (System.nanoTime() - start) / 1e9, grownMs(first, last), services);
    }

    /** Each service's counter, NaN where it did not answer with the metric. */
    private static double[] read(JsonHttp http, List<URI> metrics) {
        double[] values = new double[metrics.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = Double.NaN;
            try {
                JsonHttp.Response r = http.get(metrics.get(i));
                if (r.status() == 200) values[i] = sum(r.body());
            } catch (RuntimeException e) {
                // a service restarting or not answering: left out of this poll, not an error of the warm-up
            }
        }
        return values;
    }

    /** The metric's samples in a Prometheus text exposition, summed (one per compiler); NaN when absent. */
    static double sum(String exposition) {
        double total = 0;
        boolean found = false;
        for (String line : exposition.split("\n")) {
            if (!line.startsWith(METRIC) || line.length() == METRIC.length()) continue;
            char next = line.charAt(METRIC.length());
            if (next != '{' && next != ' ') continue; // another metric whose name begins with this one's
            String[] parts = line.trim().split("\\s+");
            try {
                total += Double.parseDouble(parts[parts.length - 1]);
                found = true;
            } catch (NumberFormatException e) {
                // a malformed sample: skipped, the others still count
            }
        }
        return found ? total : Double.NaN;
    }

    private static int answered(double[] values) {
        int n = 0;
        for (double v : values) if (!Double.isNaN(v)) n++;
        return n;
    }

    /** Growth from {@code before} to {@code after}, over the services that answered both times (a restart: 0). */
    private static double grownMs(double[] before, double[] after) {
        double grown = 0;
        for (int i = 0; i < before.length; i++) {
            if (!Double.isNaN(before[i]) && !Double.isNaN(after[i])) grown += Math.max(0, after[i] - before[i]);
        }
        return grown;
    }

    /** The latest value of each service, keeping the earlier one where it did not answer now. */
    private static double[] merge(double[] before, double[] after) {
        double[] m = before.clone();
        for (int i = 0; i < m.length; i++) if (!Double.isNaN(after[i])) m[i] = after[i];
        return m;
    }
}
