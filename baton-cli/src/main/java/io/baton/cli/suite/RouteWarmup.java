package io.baton.cli.suite;

import io.baton.core.warmup.SettleRule;
import io.baton.core.warmup.WarmupLoop;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Warms each application's route through the gateway's public port after {@code bin/baton up} has registered it: the
 * application's example request, sent {@link #CONCURRENCY} at a time until scheduling-core's {@link SettleRule} says
 * the latency has settled (the median of the last {@link #WINDOW} answers within 10% of the {@link #WINDOW} before,
 * after at least {@link #MIN_REQUESTS}), every application within one bound, each given its share of what is left. The gateway warms its routes itself when
 * it starts, but on a first {@code up} nothing is registered then; this is the warm-up of what {@code up} registered,
 * so that the first load test after "Baton is up" meets a warm suite (JIT-compiled gateway, scheduler and workers,
 * models loaded). Its requests are user traffic to the services: they count in the metrics like any request.
 */
public final class RouteWarmup {
    static final int WINDOW = 50;
    static final double TOLERANCE = 0.10;
    static final int MIN_REQUESTS = 400;
    static final int CONCURRENCY = 4;

    private RouteWarmup() {}

    /**
     * Warms each application of {@code requests} (name → request body) in turn, printing one line per application.
     * Answers each application's outcome; never throws for an application that cannot be served (its line says why).
     */
    public static Map<String, WarmupLoop.Outcome> warm(JsonHttp http, URI gateway, Map<String, String> requests, Duration bound,
                                                       PrintStream out) {
        Map<String, WarmupLoop.Outcome> outcomes = new LinkedHashMap<>();
        long end = System.nanoTime() + bound.toNanos();
        SettleRule rule = new SettleRule(WINDOW, TOLERANCE, MIN_REQUESTS);
        int remaining = requests.size();
        for (Map.Entry<String, String> app : requests.entrySet()) {
            // each application's fair share of what is left: one that never settles cannot starve those after it
            long left = (end - System.nanoTime()) / remaining--;
            if (left <= 0) {
                out.printf("  %-18s not warmed: the warm-up's bound of %d s passed%n", app.getKey(), bound.toSeconds());
                continue;
            }
            URI infer = gateway.resolve("/v2/models/" + app.getKey() + "/infer");
            WarmupLoop.Outcome o = WarmupLoop.run(rule, Duration.ofNanos(left), CONCURRENCY, () -> send(http, infer, app.getValue()));
            outcomes.put(app.getKey(), o);
            out.printf("  %-18s %s%n", app.getKey(), o.describe());
        }
        out.flush();
        return outcomes;
    }

    /** One request: an answer of 200 is served; a refusal of the request itself abandons; anything else is retried. */
    static void send(JsonHttp http, URI infer, String body) {
        JsonHttp.Response r = http.post(infer, body);
        if (r.status() == 200) return;
        if (r.status() >= 400 && r.status() < 500 && r.status() != 408 && r.status() != 429) {
            throw new WarmupLoop.Abandon("the example request was refused: " + r.status() + " " + r.reason());
        }
        throw new IllegalStateException(r.status() + " " + r.reason());
    }
}
