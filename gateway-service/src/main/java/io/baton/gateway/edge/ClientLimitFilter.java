package io.baton.gateway.edge;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * At most {@code baton.gateway.edge.max-requests-per-client} requests in flight from one client address; past it
 * a request is refused at once, 429 with {@code Retry-After}, before anything else is done for it. Health probes
 * ({@code /v2/health/**}, {@code /actuator/**}) are not counted: a busy client must not make the gateway look dead.
 */
public final class ClientLimitFilter extends OncePerRequestFilter {

    private final PerClientCounts inFlight;
    private final EdgeRefusal refusal;

    ClientLimitFilter(int maxPerClient, EdgeRefusal refusal) {
        this.inFlight = new PerClientCounts(maxPerClient);
        this.refusal = refusal;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getServletPath();
        return path.startsWith("/v2/health/") || path.equals("/v2/health") || path.startsWith("/actuator/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String client = request.getRemoteAddr();
        if (!inFlight.tryAcquire(client)) {
            refusal.send(request, response, 429, "too-many-requests", "Too Many Requests", "too many requests in "
                    + "flight from " + client + " (" + inFlight.max() + ", baton.gateway.edge.max-requests-per-client)"
                    + "; retry shortly", true);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            inFlight.release(client);
        }
    }
}
