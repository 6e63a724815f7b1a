package io.baton.cli.bench.live;

import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.SuiteException;
import io.grpc.ManagedChannel;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code baton bench soak}: a long run of steady load against a running suite, watching for leaks and drift. It
 * measures the application's capacity through the gateways (one, or several taking turns as {@code bench live}
 * spreads its load: {@link Gateways}; over REST or gRPC) unless given a rate (a closed loop of {@code concurrency}
 * clients, as {@code bench live --raw} measures saturation but with fewer clients: answers per second), then sends
 * open-loop Poisson arrivals at {@value #LOAD_FRACTION} of it for {@code minutes} minutes, and records per minute each
 * service's resident memory ({@code VmRSS} from {@code /proc}, read at the minute's end), the goodput and the miss
 * rate ({@link SoakMinute}); each gateway is a service of its own there (gateway, gateway-b, ...). It prints a row per minute as each ends, then the verdicts ({@link SoakVerdicts}), and
 * writes the plot ({@link SoakSvg}) and, when asked, the figures as JSON.
 */
public final class SoakBench {
    public static final double LOAD_FRACTION = 0.7;
    /**
     * The capacity's closed-loop clients: a few, unlike {@code bench live --raw}'s 64. On a small machine 64 clients
     * make the gateway shed most requests (503 and 504 against a 100 ms SLO), and the answers per second that remain
     * measure the shedding, not what the suite sustains (0.6/s against 75/s with 4 clients, on 2 cores).
     */
    public static final int DEFAULT_CONCURRENCY = 4;

    /**
     * @param gateways      the gateways' REST URLs, in {@code --gateway}'s order (requests take turns among them; each one's
     *                      memory is read from the process that listens there)
     * @param rate          requests per second; null: {@value #LOAD_FRACTION} of the measured capacity
     * @param minuteSeconds how long a "minute" lasts: 60, shorter only in tests
     * @param json          null: no JSON
     * @param protocol      {@link LiveBench#HTTP} or {@link LiveBench#GRPC}
     * @param grpcTargets   the gateways' gRPC ports ({@code HOST:PORT}), used when the protocol is gRPC
     */
    public record Config(List<URI> gateways, URI registry, URI scheduler, URI profiler, String application, int minutes, double minuteSeconds,
                         Double rate, Path plot, Path json, long seed, Duration timeout, int concurrency, double capacitySeconds,
                         String protocol, List<String> grpcTargets) {
        public Config {
            if (gateways == null || gateways.isEmpty()) throw new IllegalArgumentException("--gateway: no gateway given");
            gateways = List.copyOf(gateways);
            grpcTargets = grpcTargets == null ? List.of() : List.copyOf(grpcTargets);
        }

        /** The first gateway: the one the application's readiness is read from. */
        public URI gateway() {
            return gateways.get(0);
        }
    }

    private final Config config;
    private final PrintStream out;

    public SoakBench(Config config, PrintStream out) {
        this.config = config;
        this.out = out;
    }

    public void run() throws InterruptedException {
        LiveBench.Target target = target();
        SoakServices services = new SoakServices(new ProcCpu(Path.of("/proc")), SoakServices.of(config.gateways(), config.scheduler(),
                config.registry(), config.profiler(), new JsonHttp(Duration.ofSeconds(10)), out), out);
        KeepAliveHttp client = HttpRequests.client();
        List<ManagedChannel> channels = Gateways.channels(config.protocol(), config.grpcTargets());
        try {
            run(target, services, Gateways.requests(target.workload(), config.application(), client, channels, config.gateways(),
                    config.timeout()), !channels.isEmpty());
        } finally {
            channels.forEach(ManagedChannel::shutdownNow);
            client.close();
        }
    }

    private void run(LiveBench.Target target, SoakServices services, Requests requests, boolean overGrpc) throws InterruptedException {
        double slo = target.sloMs();
        out.printf(Locale.ROOT, "bench soak: %s through %s, SLO %.0f ms, %d minute%s of %.0f s; services %s%n", config.application(),
                through(overGrpc), slo, config.minutes(), config.minutes() == 1 ? "" : "s", config.minuteSeconds(), describe(services));
        if (target.workload().isGenerated()) out.println(target.workload().describe(config.seed()));

        Double capacity = null;
        double rate;
        if (config.rate() != null) {
            rate = config.rate();
            out.printf(Locale.ROOT, "rate: %.1f req/s (--rate)%n", rate);
        } else {
            ClosedLoop.Run sat = ClosedLoop.run(requests, config.concurrency(), config.capacitySeconds(), config.timeout().toMillis());
            PointResult p = new PointResult("capacity", Double.NaN, sat.seconds(), slo, sat.outcomes(), 0);
            if (p.served() == 0) {
                throw new SuiteException("no request was answered while measuring the capacity (" + p.refusals() + "); give a --rate");
            }
            capacity = p.served() / sat.seconds();
            rate = LOAD_FRACTION * capacity;
            out.printf(Locale.ROOT, "capacity: %.1f answers/s (closed loop, %d clients, %.0f s; goodput %.1f/s, p99 %.1f ms); rate: %.0f%% of it,"
                    + " %.1f req/s%n", capacity, config.concurrency(), sat.seconds(), p.goodput(), p.latencyPercentile(0.99), 100 * LOAD_FRACTION, rate);
            p.refusals().forEach((why, n) -> out.printf(Locale.ROOT, "  while measuring it: %d × %s%n", n, why));
        }

        List<String> names = services.names();
        SoakTally tally = new SoakTally(config.minutes(), slo);
        printHeader(names);
        long start = System.nanoTime();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "soak-memory"));
        for (int m = 0; m < config.minutes(); m++) {
            int minute = m;
            long at = (long) ((m + 1) * config.minuteSeconds() * 1e9);
            sampler.schedule(() -> tally.rss(minute, services.rssKb()), start + at - System.nanoTime(), TimeUnit.NANOSECONDS);
        }
        Thread load = daemon(() -> SoakLoad.run(requests, rate, config.minuteSeconds(), config.seed(), tally, start), "soak-load");
        load.start();
        try {
            for (int m = 0; m < config.minutes(); m++) {
                awaitMinute(tally, m, start);
                printRow(tally.minute(m, config.minuteSeconds(), names), names);
            }
            load.join();
        } finally {
            load.interrupt();
            sampler.shutdownNow();
        }

        List<SoakMinute> minutes = tally.all(config.minuteSeconds(), names);
        SoakVerdicts verdicts = SoakVerdicts.of(minutes, names);
        printVerdicts(verdicts);
        write(config.plot(), SoakSvg.render(minutes, names, String.format(Locale.ROOT, "bench soak: %s at %.1f req/s, SLO %.0f ms",
                config.application(), rate, slo)), "plot");
        if (config.json() != null) {
            write(config.json(), SoakJson.of(config.application(), slo, rate, capacity, names, minutes, verdicts).toPrettyString() + "\n", "figures");
        }
    }

    /**
     * Where the requests go: the gateway, or the gateways taking turns ({@code round-robin}), at their REST URLs or
     * their gRPC ports.
     */
    private String through(boolean overGrpc) {
        List<String> at = overGrpc ? config.grpcTargets() : config.gateways().stream().map(URI::toString).toList();
        String where = String.join(", ", at) + (overGrpc ? " (gRPC, inference.GRPCInferenceService/ModelInfer)" : "");
        return at.size() == 1 ? where : at.size() + " gateways round-robin (" + where + ")";
    }

    /** The application and what to send it, as bench live prepares them; its errors name this command's flag. */
    private LiveBench.Target target() {
        LiveBench.Config live = new LiveBench.Config(config.gateways(), config.registry(), config.scheduler(), config.application(), null, null,
                null, Double.MAX_VALUE, 1, 0, config.seed(), config.timeout(), null, "soak", false, config.concurrency(), null, null, null,
                Map.of(), LiveBench.HTTP, List.of());
        try {
            return new LiveBench(live, out).target();
        } catch (IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage());
            throw new IllegalArgumentException(m.startsWith("--app:") ? "--application:" + m.substring("--app:".length()) : m, e);
        }
    }

    /** Waits until the minute's memory was read and every request sent in it has its outcome (each ends by the client's timeout). */
    private void awaitMinute(SoakTally tally, int m, long start) throws InterruptedException {
        long end = start + (long) ((m + 1) * config.minuteSeconds() * 1e9);
        long limit = end + config.timeout().toNanos() + TimeUnit.SECONDS.toNanos(10);
        while (!(tally.hasRss(m) && tally.settled(m)) && System.nanoTime() < limit) Thread.sleep(50);
    }

    private static String describe(SoakServices services) {
        StringBuilder b = new StringBuilder();
        Map<String, Long> pids = services.pids();
        for (String n : services.names()) {
            if (!b.isEmpty()) b.append(", ");
            b.append(n).append(pids.containsKey(n) ? " (pid " + pids.get(n) + ")" : " (not measured)");
        }
        return b.toString();
    }

    // ------------------------------------------------------------------------------------------ printing

    private void printHeader(List<String> names) {
        StringBuilder h = new StringBuilder(String.format(Locale.ROOT, "%n%6s %8s %9s %9s %7s %7s", "minute", "sent/s", "goodput/s", "miss rate",
                "late", "dropped"));
        for (String n : names) h.append(String.format(Locale.ROOT, " %" + width(n) + "s", n));
        h.append("   (resident memory, MiB)");
        synchronized (out) {
            out.println(h);
        }
    }

    private void printRow(SoakMinute m, List<String> names) {
        StringBuilder r = new StringBuilder(String.format(Locale.ROOT, "%6d %8.1f %9.1f %9.4f %7d %7d", m.minute(), m.offered(), m.goodput(),
                m.missRate(), m.late(), m.dropped()));
        for (String n : names) {
            Long kb = m.rssKb().get(n);
            r.append(String.format(Locale.ROOT, " %" + width(n) + "s", kb == null ? "n/a" : String.format(Locale.ROOT, "%.1f", kb / 1024.0)));
        }
        synchronized (out) {
            out.println(r);
            out.flush();
        }
    }

    private static int width(String name) {
        return Math.max(9, name.length());
    }

    private void printVerdicts(SoakVerdicts v) {
        out.printf(Locale.ROOT, "%nresident memory growth from the end of minute %d to the end of minute %d (target < %.0f%%)%s:%n",
                v.baseMinute(), v.lastMinute(), SoakVerdicts.RSS_GROWTH_LIMIT_PCT, v.fromFirstMinute()
                        ? ", measured from minute 1: the run is shorter than " + (SoakVerdicts.WARMUP_MINUTES + 1) + " minutes, so no warm-up is left out"
                        : ", the first " + SoakVerdicts.WARMUP_MINUTES + " minutes being warm-up");
        for (SoakVerdicts.RssGrowth g : v.rss()) {
            if (g.growthPct() == null) {
                out.printf(Locale.ROOT, "  %-24s n/a (memory not read at minute %d or %d)%n", g.service(), v.baseMinute(), v.lastMinute());
            } else {
                out.printf(Locale.ROOT, "  %-24s %9.1f → %9.1f MiB  %+7.2f%%  %s%n", g.service(), g.baseKb() / 1024.0, g.lastKb() / 1024.0,
                        g.growthPct(), g.met() ? "met" : "NOT met");
            }
        }
        SoakVerdicts.MissDrift d = v.drift();
        if (!d.available()) {
            out.printf(Locale.ROOT, "miss rate drift: n/a (the least-squares line needs at least two minutes from minute %d)%n", d.fromMinute());
        } else {
            out.printf(Locale.ROOT, "miss rate drift: least-squares line over minutes %d..%d: slope %+.6f per minute, rise %+.3f percentage points"
                    + " across the window (drifts when |rise| ≥ %.0f point): %s%n", d.fromMinute(), d.toMinute(), d.slopePerMinute(), d.risePp(),
                    SoakVerdicts.DRIFT_LIMIT_PP, d.drifts() ? "DRIFTS" : "does not drift");
        }
    }

    private void write(Path file, String content, String what) {
        try {
            Files.writeString(file, content);
            out.println(what + ": " + file.toAbsolutePath());
        } catch (IOException e) {
            throw new SuiteException("cannot write the " + what + " to " + file + ": " + e.getMessage(), e);
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
