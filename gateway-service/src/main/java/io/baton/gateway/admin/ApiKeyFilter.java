package io.baton.gateway.admin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Guards the admin routes ({@code /v1/**}): the request must carry one of {@code baton.gateway.api-keys} in
 * {@code X-API-Key} or as {@code Authorization: Bearer <key>}, else 401 with an RFC 7807 body. With no keys
 * configured every request passes (the application logs a warning at start). Keys are compared in constant time.
 */
public class ApiKeyFilter extends OncePerRequestFilter {

    public static final String HEADER = "X-API-Key";

    private final List<byte[]> keys;
    private final ObjectMapper json;

    public ApiKeyFilter(List<String> keys, ObjectMapper json) {
        this.keys = keys.stream().map(k -> k.getBytes(StandardCharsets.UTF_8)).toList();
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (keys.isEmpty() || accepted(request.getHeader(HEADER)) || accepted(bearer(request))) {
            chain.doFilter(request, response);
            return;
        }
        boolean given = request.getHeader(HEADER) != null || bearer(request) != null;
        ProblemBody problem = new ProblemBody("urn:baton:problem:unauthorized", "Unauthorized", 401,
                (given ? "the API key is not accepted" : "an API key is required")
                        + " for the admin routes: send it in X-API-Key or as Authorization: Bearer <key>",
                request.getRequestURI(), HEADER);
        response.setStatus(401);
        response.setHeader("WWW-Authenticate", "Bearer");
        response.setContentType("application/problem+json");
        json.writeValue(response.getOutputStream(), problem);
    }

    private static String bearer(HttpServletRequest request) {
        String auth = request.getHeader("Authorization");
        if (auth == null || !auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        return auth.substring(7).trim();
    }

    private boolean accepted(String candidate) {
        if (candidate == null) {
            return false;
        }
        byte[] given = candidate.getBytes(StandardCharsets.UTF_8);
        boolean ok = false;
        for (byte[] key : keys) {
            ok |= MessageDigest.isEqual(key, given); // no early exit: the time does not tell which key was close
        }
        return ok;
    }
}
