package io.baton.cli.bench.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.SuiteException;
import java.io.PrintStream;
import java.net.URI;

/**
 * The scheduler a bench should read: the one that leads. Where two schedulers run, only the leader dispatches, so its
 * worker list is the one in force and its process is the one whose CPU time a request costs; a bench pointed at the
 * standby would read an idle process and report a scheduler cost near zero.
 */
public final class LeadingScheduler {
    /** The scheduler's route that says whether it leads, and which scheduler does: what every bench asks. */
    public static final String LEADER_ROUTE = "/internal/v1/leader";

    private LeadingScheduler() {}

    /**
     * {@code named} when it leads, or says nothing of leadership (a scheduler without election); otherwise the leader
     * it names, which is printed. A standby that knows no leader is an error: nothing dispatches then.
     */
    static URI of(JsonHttp http, URI named, PrintStream out) {
        JsonHttp.Response r;
        try {
            r = http.get(named.resolve(LEADER_ROUTE));
        } catch (SuiteException unreachable) {
            return named;
        }
        if (r.status() != 200) return named;
        JsonNode state = r.json();
        if (state.path("leading").asBoolean(true)) return named;
        String leader = state.path("leaderUrl").asText("");
        if (leader.isBlank()) {
            throw new SuiteException("the scheduler at " + named + " stands by and names no leader (GET " + LEADER_ROUTE + ")");
        }
        URI leaderUrl = URI.create(leader);
        out.println("the scheduler at " + named + " stands by; reading the leader at " + leaderUrl);
        return leaderUrl;
    }
}
