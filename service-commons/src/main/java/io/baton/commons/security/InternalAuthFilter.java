package io.baton.commons.security;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

import io.baton.core.security.InternalAuth;
import io.baton.core.security.InternalCredentials;

/**
 * Serves only callers that present the suite's shared secret (health probes excepted): this port is for the
 * suite's own services. A missing and a wrong secret get the same 401 problem.
 */
public class InternalAuthFilter extends OncePerRequestFilter {

    private final InternalCredentials credentials;

    public InternalAuthFilter(InternalCredentials credentials) {
        this.credentials = credentials;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (InternalAuth.isOpenProbe(request.getMethod(), request.getRequestURI())
                || credentials.admits(InternalAuth.presented(request.getHeader(InternalAuth.HEADER),
                        request.getHeader("Authorization")))) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setContentType("application/problem+json");
        response.getWriter().write(InternalAuth.refusalBody(request.getRequestURI()));
    }
}
