package io.baton.gateway.edge;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * {@code TRACE} is refused on every route with 405 and a body naming it. Tomcat's own refusal (its connector's
 * {@code allowTrace} off) answers before any filter or valve sees the request, a bare 405 with no reason; so the
 * connector lets TRACE through ({@link EdgeConfiguration}) and this filter, first of all, refuses it: nothing echoes
 * a request back.
 */
public final class TraceRefusalFilter extends OncePerRequestFilter {

    private final EdgeRefusal refusal;

    TraceRefusalFilter(EdgeRefusal refusal) {
        this.refusal = refusal;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if ("TRACE".equals(request.getMethod())) {
            refusal.send(request, response, 405, "method-not-allowed", "Method Not Allowed", "the method TRACE is "
                    + "not allowed: the gateway does not echo requests", false);
            return;
        }
        chain.doFilter(request, response);
    }
}
