package io.baton.cli.bench.fuzz;

import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.SuiteException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs fuzz cases against a gateway: a few connections at once (well under the gateway's per-client limits, so that
 * a 429 or a shed 503 stays rare), each case bounded by the time limit, then checks that the gateway is alive
 * ({@code /v2/health/live}) and serves a valid request with 200.
 */
public final class FuzzRunner {

    private final URI gateway;
    private final FuzzTarget target;
    private final RawExchange exchange;
    private final int concurrency;
    private final JsonHttp http = new JsonHttp(Duration.ofSeconds(30));

    public FuzzRunner(URI gateway, FuzzTarget target, int timeoutMs, int concurrency) {
        this.gateway = gateway;
        this.target = target;
        this.exchange = new RawExchange(gateway.getHost(), port(gateway), timeoutMs);
        this.concurrency = concurrency;
    }

    static int port(URI gateway) {
        return gateway.getPort() > 0 ? gateway.getPort() : "https".equals(gateway.getScheme()) ? 443 : 80;
    }

    /** The target the gateway describes: {@code GET /v2/models/{app}}. */
    public static FuzzTarget target(URI gateway, String app) {
        JsonHttp.Response r = new JsonHttp(Duration.ofSeconds(30)).get(gateway.resolve("/v2/models/" + app));
        if (r.status() != 200) {
            throw new SuiteException("the gateway at " + gateway + " does not describe model '" + app + "': " + r.status() + " " + r.reason());
        }
        return FuzzTarget.of(gateway.getHost() + ":" + port(gateway), app, r.json());
    }

    /** One case: sent, answered (or not), judged. */
    public Verdict run(FuzzCase c) {
        return Verdict.of(c, exchange.send(c));
    }

    /** The answer itself, for printing one case ({@code --case}). */
    public RawExchange.Answer answer(FuzzCase c) {
        return exchange.send(c);
    }

    /** Cases {@code 0 .. count-1} of the seed, then the liveness check. {@code progress}: a line every 1,000 cases, or null. */
    public FuzzReport run(long seed, int count, PrintStream progress) throws InterruptedException {
        Generator generator = new Generator(target, seed);
        ExecutorService pool = Executors.newFixedThreadPool(concurrency, r -> {
            Thread t = new Thread(r, "fuzz");
            t.setDaemon(true);
            return t;
        });
        Map<Verdict.Outcome, Integer> outcomes = FuzzReport.emptyOutcomes();
        Map<Integer, Integer> statuses = FuzzReport.emptyStatuses();
        Map<String, Integer> kinds = new TreeMap<>();
        Map<String, Integer> shedReasons = new TreeMap<>();
        List<FuzzReport.Failure> failures = new ArrayList<>();
        try {
            List<Future<Judged>> pending = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int index = i;
                pending.add(pool.submit(() -> {
                    FuzzCase c = generator.generate(index);
                    RawExchange.Answer a = exchange.send(c);
                    return new Judged(c, a.status(), Verdict.of(c, a));
                }));
            }
            for (int i = 0; i < count; i++) {
                Judged j;
                try {
                    j = pending.get(i).get();
                    pending.set(i, null); // its bytes are kept only if it failed
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("fuzz case " + i + " of seed " + seed + " could not be made or sent: " + e.getCause(), e.getCause());
                }
                outcomes.merge(j.verdict().outcome(), 1, Integer::sum);
                statuses.merge(j.status(), 1, Integer::sum);
                kinds.merge(j.fuzzCase().kind(), 1, Integer::sum);
                if (j.verdict().outcome() == Verdict.Outcome.SHED) {
                    String d = j.verdict().detail().replaceAll("[0-9]+", "N");
                    shedReasons.merge(d.length() > 100 ? d.substring(0, 100) + "…" : d, 1, Integer::sum);
                }
                if (j.verdict().failure()) failures.add(new FuzzReport.Failure(j.fuzzCase(), j.verdict()));
                if (progress != null && (i + 1) % 1000 == 0) progress.printf("fuzz: %d of %d cases, %d failed%n", i + 1, count, failures.size());
            }
        } finally {
            pool.shutdownNow();
        }
        return new FuzzReport(seed, count, outcomes, statuses, kinds, shedReasons, failures, liveness());
    }

    private record Judged(FuzzCase fuzzCase, int status, Verdict verdict) {}

    /**
     * Whether the gateway still serves: {@code /v2/health/live} answers 200, and a valid request 200 (a 503 is
     * asked again for up to a minute: a cold model or a full queue is not a dead gateway).
     */
    public FuzzReport.Liveness liveness() throws InterruptedException {
        boolean live;
        try {
            live = http.get(gateway.resolve("/v2/health/live")).status() == 200;
        } catch (SuiteException e) {
            return new FuzzReport.Liveness(false, 0, e.getMessage());
        }
        int status = 0;
        String detail = null;
        long until = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        do {
            try {
                JsonHttp.Response r = http.post(gateway.resolve(target.inferPath()), target.validRequest());
                status = r.status();
                detail = status == 200 ? null : r.reason();
            } catch (SuiteException e) {
                status = 0;
                detail = e.getMessage();
            }
            if (status == 200 || status != 503 && status != 504 && status != 0) break;
            Thread.sleep(500);
        } while (System.nanoTime() < until);
        return new FuzzReport.Liveness(live, status, detail);
    }
}
