package io.baton.gateway.edge;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Each port serves its own routes. The public port serves everything but actuator, of which only
 * {@code /actuator/health/**} (probes that reach the public port, as a load balancer's do); {@code info} and
 * {@code prometheus} show internal addresses and settings, and are served on the management port only, which serves
 * nothing else. Anything else is 404, as a route that does not exist.
 */
public final class PortRoleFilter extends OncePerRequestFilter {

    private final ManagementConnector management;
    private final EdgeRefusal refusal;

    PortRoleFilter(ManagementConnector management, EdgeRefusal refusal) {
        this.management = management;
        this.refusal = refusal;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        boolean actuator = path.equals("/actuator") || path.startsWith("/actuator/");
        boolean onManagement = request.getLocalPort() == management.port();
        boolean served = onManagement ? actuator
                : !actuator || path.equals("/actuator/health") || path.startsWith("/actuator/health/");
        if (!served) {
            refusal.send(request, response, 404, "not-found", "Not Found", "no such route: " + request.getMethod()
                    + " " + request.getRequestURI(), false);
            return;
        }
        chain.doFilter(request, response);
    }
}
