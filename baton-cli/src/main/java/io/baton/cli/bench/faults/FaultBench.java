package io.baton.cli.bench.faults;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.bench.live.SteadyLoad;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Oip;
import io.baton.cli.suite.RegistryDatabase;
import io.baton.cli.suite.Suite;
import io.baton.cli.suite.SuiteException;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code baton bench faults}: a steady open-loop load ({@link SteadyLoad}: Poisson arrivals at a bounded rate, over
 * loopback, through the gateways' REST route, round-robin over every gateway of the suite as a client-side balancer
 * sends, a request refused or reset before any answer re-sent once through the next gateway) against a suite this
 * process owns, while each fault in turn kills a
 * service (SIGKILL) and restarts it as it was. Per fault: a few registry writes are committed, the load runs
 * {@code secondsBefore}, the target is killed and restarted at once (the restart waits until it is healthy), the load
 * runs {@code secondsAfter} more and stops once every request has ended; then every write the registry acknowledged
 * is read back. Each fault starts only once the suite serves again, so faults do not bleed into each other.
 */
public final class FaultBench {

    /**
     * @param app           the application the load is sent to (one the suite serves, with {@code validation}'s inputs)
     * @param rate          requests per second
     * @param secondsBefore the load before each kill
     * @param secondsAfter  the load after the restarted service is healthy again
     * @param timeout       each request's timeout: past it, a request counts as unanswered
     * @param writes        registry writes committed before each fault
     */
    public record Config(String app, double rate, double secondsBefore, double secondsAfter, Duration timeout, List<Fault> faults,
                         long seed, int writes) {
        public Config {
            faults = List.copyOf(faults);
        }
    }

    /** How long a suite may take to serve again before the next fault, and a registry to answer after one. */
    static final Duration SERVING_LIMIT = Duration.ofSeconds(120);
    static final double WARMUP_SECONDS = 3, WARM_SHARE = 0.9;
    static final Duration WARMUP_LIMIT = Duration.ofSeconds(90);

    private final Suite suite;
    private final Config config;
    private final ValidationSet validation;
    private final PrintStream out;
    private final JsonHttp http;
    private final Targets targets;
    private final RegistryWrites writes;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    public FaultBench(Suite suite, Config config, ValidationSet validation, PrintStream out) {
        this.suite = suite;
        this.config = config;
        this.validation = validation;
        this.out = out;
        this.http = suite.http(Duration.ofSeconds(10));
        this.targets = new Targets(suite, http, localPostgres(suite.spec().database()));
        this.writes = new RegistryWrites(http, suite.registry());
    }

    /** Whether {@code fault} has something to kill in a suite on {@code database} (PostgreSQL: only a local cluster). */
    public static boolean applies(Fault fault, RegistryDatabase database) {
        return fault != Fault.POSTGRES || localPostgres(database).isPresent();
    }

    /** The local cluster under a PostgreSQL registry on 127.0.0.1 or localhost, when this machine lists it. */
    static Optional<LocalPostgres> localPostgres(RegistryDatabase database) {
        if (!(database instanceof RegistryDatabase.Postgres pg)) return Optional.empty();
        URI url = URI.create(pg.jdbcUrl().replaceFirst("^jdbc:", ""));
        if (!"127.0.0.1".equals(url.getHost()) && !"localhost".equals(url.getHost())) return Optional.empty();
        return LocalPostgres.on(url.getPort() > 0 ? url.getPort() : 5432);
    }

    /** Runs every fault of the configuration in turn, printing each row as it comes; answers the rows. */
    public List<FaultRow> run() throws InterruptedException {
        for (Fault f : config.faults()) {
            if (!targets.applies(f)) throw new IllegalArgumentException("--faults: " + f.id() + " does not apply to this suite"
                    + (f == Fault.POSTGRES ? " (its registry does not run on this machine's PostgreSQL cluster)" : ""));
        }
        awaitServing();
        warmUp();
        List<FaultRow> rows = new ArrayList<>();
        printHeader();
        for (Fault f : config.faults()) {
            FaultRow row = one(f);
            rows.add(row);
            printRow(row);
        }
        printNotes(rows);
        return rows;
    }

    /**
     * Loads the suite until it serves at least {@link #WARM_SHARE} of a {@link #WARMUP_SECONDS} load (a fresh suite's
     * JVMs and caches are cold, and the first fault's before-kill share is the bar it is measured against), or until
     * {@link #WARMUP_LIMIT} passes; says what it reached.
     */
    private void warmUp() throws InterruptedException {
        long end = System.nanoTime() + WARMUP_LIMIT.toNanos();
        double share;
        do {
            SteadyLoad warmup = load();
            sleepSeconds(WARMUP_SECONDS);
            List<SteadyLoad.Sent> sent = warmup.stop();
            share = sent.isEmpty() ? 0 : sent.stream().filter(x -> x.outcome().served()).count() / (double) sent.size();
        } while (share < WARM_SHARE && System.nanoTime() < end);
        out.printf(Locale.ROOT, "warmed up: %.0f%% of a %.0f s load served%n", 100 * share, WARMUP_SECONDS);
    }

    private FaultRow one(Fault fault) throws InterruptedException {
        awaitServing();
        List<String> committed = writes.commit("faults-" + run + "-" + fault.id(), config.writes());
        SteadyLoad load = load();
        sleepSeconds(config.secondsBefore());
        String killed = "?";
        double killAt;
        long down;
        try {
            FaultTarget target = targets.of(fault);
            killed = target.describe();
            killAt = load.elapsedSeconds();
            target.kill();
            down = System.nanoTime();
            target.restart();
        } catch (RuntimeException e) {
            load.stop();
            throw new SuiteException(killed + " did not come back after the " + fault.id() + " fault: " + e.getMessage(), e);
        }
        double restartSeconds = (System.nanoTime() - down) / 1e9;
        sleepSeconds(config.secondsAfter());
        List<SteadyLoad.Sent> sent = load.stop();
        List<String> lost = writes.lost(committed, SERVING_LIMIT);
        return FaultRow.of(fault, killed, sent, killAt, restartSeconds, committed.size(), lost);
    }

    private SteadyLoad load() {
        return SteadyLoad.rest(inferUrls(), ZooBuilder.INPUT, validation.examples(), validation.dims(), validation.size(), config.rate(),
                config.seed(), config.timeout());
    }

    /** The application's inference route on every gateway, in the suite's order. */
    private List<URI> inferUrls() {
        return suite.gateways().stream().map(g -> g.url().resolve("/v2/models/" + config.app() + "/infer")).toList();
    }

    /** Waits until the application is served (a 200) through every gateway; a {@link SuiteException} past the limit. */
    private void awaitServing() {
        Object request = Oip.inferRequest("faults-probe", ZooBuilder.INPUT, validation.examples(), validation.dims(), 0, 1);
        long end = System.nanoTime() + SERVING_LIMIT.toNanos();
        for (URI infer : inferUrls()) {
            String last = "";
            while (true) {
                try {
                    JsonHttp.Response r = http.post(infer, request);
                    if (r.status() == 200) break;
                    last = r.status() + " " + r.reason();
                } catch (SuiteException unreachable) {
                    last = unreachable.getMessage();
                }
                if (System.nanoTime() > end) {
                    throw new SuiteException("the suite does not serve " + config.app() + " at " + infer + " within "
                            + SERVING_LIMIT.toSeconds() + " s (last: " + last + ")");
                }
                sleepSeconds(0.25);
            }
        }
    }

    private void printHeader() {
        int n = suite.gateways().size();
        out.printf(Locale.ROOT, "bench faults: %s at %.0f req/s (Poisson, open loop, REST through %s), %.0f s before each kill,"
                        + " %.0f s after the restart; %d registry writes committed before each kill%n", config.app(), config.rate(),
                n == 1 ? "the gateway" : "the " + n + " gateways, round-robin", config.secondsBefore(), config.secondsAfter(), config.writes());
        out.printf("%-9s %-26s %6s %6s %7s %10s %7s %7s %11s %8s %6s %4s  %s%n", "fault", "killed", "sent", "200", "refused", "unanswered",
                "re-sent", "before", "back to 95%", "restart", "writes", "lost", "goals");
        out.flush();
    }

    private void printRow(FaultRow r) {
        List<String> missed = FaultGoals.missed(r);
        out.printf(Locale.ROOT, "%-9s %-26s %6d %6d %7d %10d %7d %6.0f%% %11s %7.1fs %6d %4d  %s%n", r.fault().id(), r.killed(), r.sent(),
                r.served(), r.refused(), r.unanswered(), r.resent(), 100 * r.recovery().beforeShare(), back(r.recovery()), r.restartSeconds(), r.writesCommitted(), r.writesLost().size(),
                missed.isEmpty() ? "met" : "missed: " + String.join(", ", missed));
        out.flush();
    }

    static String back(Recovery r) {
        if (Double.isNaN(r.backSeconds())) return "-";
        if (Double.isInfinite(r.backSeconds())) return "not back";
        return String.format(Locale.ROOT, "%.1f s", r.backSeconds());
    }

    private void printNotes(List<FaultRow> rows) {
        out.println("re-sent: requests whose first send got no answer (connection refused or reset before any answer byte) and that"
                + " were sent once more through the next gateway, within their timeout, as a client-side balancer does; a request"
                + " that got an HTTP answer is never re-sent (each is counted once in 200, refused or unanswered)");
        if (suite.gateways().size() > 1) {
            out.println("gateway: the first gateway is killed; " + String.join(", ", suite.gateways().subList(1, suite.gateways().size())
                    .stream().map(io.baton.cli.suite.GatewayPorts::name).toList()) + " serves meanwhile");
        }
        out.println("before: the share of the requests sent before the kill that were served (200)");
        out.printf(Locale.ROOT, "back to 95%%: from the kill until every %.0f s window of sends (sliding by %.1f s) has at least 95%% of the"
                + " before-kill share served; '-' when nothing was served before the kill, 'not back' when the last window still fell short%n",
                Recovery.WINDOW, Recovery.STEP);
        out.println("goals: 0 unanswered and 0 writes lost for every fault; back within " + (int) FaultGoals.WORKER_BACK_SECONDS
                + " s for a worker, " + (int) FaultGoals.SCHEDULER_BACK_SECONDS + " s for the scheduler; the registry costs no goodput");
        for (FaultRow r : rows) {
            if (r.topRefusal() != null) out.println("  " + r.fault().id() + " refused: " + r.topRefusal());
            if (r.topUnanswered() != null) out.println("  " + r.fault().id() + " unanswered: " + r.topUnanswered());
            if (!r.writesLost().isEmpty()) out.println("  " + r.fault().id() + " lost writes: " + String.join(", ", r.writesLost()));
        }
        out.flush();
    }

    /** The rows as JSON ({@code --json FILE}): the configuration and one object per fault. */
    public static ObjectNode json(Config config, List<FaultRow> rows) {
        ObjectNode root = JsonHttp.JSON.createObjectNode();
        ObjectNode c = root.putObject("config");
        c.put("app", config.app()).put("rate", config.rate()).put("secondsBefore", config.secondsBefore())
                .put("secondsAfter", config.secondsAfter()).put("timeoutMs", config.timeout().toMillis()).put("seed", config.seed())
                .put("writes", config.writes());
        ArrayNode list = root.putArray("rows");
        for (FaultRow r : rows) {
            ObjectNode o = list.addObject();
            o.put("fault", r.fault().id()).put("killed", r.killed()).put("sent", r.sent()).put("served", r.served())
                    .put("refused", r.refused()).put("unanswered", r.unanswered()).put("resent", r.resent());
            putNumber(o, "beforeServedShare", r.recovery().beforeShare());
            o.put("back", r.recovery().back());
            putNumber(o, "backSeconds", r.recovery().backSeconds());
            putNumber(o, "restartSeconds", r.restartSeconds());
            o.put("writesCommitted", r.writesCommitted()).put("writesLost", r.writesLost().size());
            o.putPOJO("lostWrites", r.writesLost());
            o.put("topRefusal", r.topRefusal()).put("topUnanswered", r.topUnanswered());
            o.putPOJO("goalsMissed", FaultGoals.missed(r));
            ArrayNode timeline = o.putArray("timeline"); // per second from the kill: [second, sent, 200, refused, unanswered]
            for (FaultRow.Second t : r.timeline()) {
                timeline.addArray().add(t.second()).add(t.sent()).add(t.served()).add(t.refused()).add(t.unanswered());
            }
        }
        return root;
    }

    /** A finite number, or null (JSON has no NaN or infinity). */
    private static void putNumber(ObjectNode o, String field, double v) {
        if (Double.isFinite(v)) o.put(field, v);
        else o.putNull(field);
    }

    private static void sleepSeconds(double s) {
        try {
            Thread.sleep((long) (s * 1000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("interrupted", e);
        }
    }
}
