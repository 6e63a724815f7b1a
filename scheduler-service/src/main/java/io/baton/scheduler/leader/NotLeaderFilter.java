package io.baton.scheduler.leader;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.problem.ProblemTypes;

/**
 * A standby serves nothing that acts: inference ({@code /internal/v1/infer}, {@code /internal/v1/ensemble-queries})
 * and scaling ({@code PUT /v1/actuator/pools/{pool}}, {@code POST /v1/plans/ipa/apply}) are answered 503
 * {@code not-leader} with the leader's id and URL as the standby last heard them ({@code leader}, {@code leaderUrl};
 * null while unknown), so the gateway can go there at once. Reads (workers, readiness, metrics, plans computed
 * without scaling) stay open: they change nothing. Membership stays open too, so the standby knows the workers when
 * it takes over.
 */
public final class NotLeaderFilter extends OncePerRequestFilter {

    /** The servlet URL patterns this filter is registered for; {@link #acts} narrows them by method. */
    static final String[] PATTERNS = {"/internal/v1/infer", "/internal/v1/ensemble-queries", "/v1/actuator/pools/*",
            "/v1/plans/ipa/apply"};

    public static final String SLUG = "not-leader";

    private final LeaderElection election;
    private final ObjectMapper json;

    NotLeaderFilter(LeaderElection election, ObjectMapper json) {
        this.election = election;
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (election.leading() || !acts(request)) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(503);
        response.setHeader("Retry-After", "1");
        response.setContentType("application/problem+json");
        json.writeValue(response.getOutputStream(), problem(election.state()));
    }

    /**
     * The 503 {@code not-leader} problem a standby answers, naming the leader as {@code s} knows it: the same body
     * over HTTP and over the scheduler's gRPC intake, so the gateway reads both in one place.
     */
    public static Map<String, Object> problem(LeaderState s) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", ProblemTypes.type(SLUG));
        problem.put("title", HttpStatus.SERVICE_UNAVAILABLE.getReasonPhrase());
        problem.put("status", 503);
        problem.put("detail", "this scheduler (" + s.selfUrl() + ") is the standby; "
                + (s.leaderUrl() != null ? "the leader is " + s.leaderUrl() : "no leader is known yet"));
        problem.put("leader", s.leader());
        problem.put("leaderUrl", s.leaderUrl());
        return problem;
    }

    private static boolean acts(HttpServletRequest request) {
        return !"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())
                && !"OPTIONS".equals(request.getMethod());
    }
}
