package io.baton.gateway.edge;

import java.io.IOException;
import java.util.Locale;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A path is served only as it was written. Tomcat maps, and the key filter judges, the decoded and normalised path,
 * while the admin proxy forwards the path as written; a dot segment ({@code .} or {@code ..}, also as {@code %2e})
 * or an encoded {@code /} or {@code \} would make the two differ (what was authorised is not what is forwarded).
 * Such a path is refused with 400 naming what is wrong, before any other filter.
 */
public final class PathGuardFilter extends OncePerRequestFilter {

    private final EdgeRefusal refusal;

    PathGuardFilter(EdgeRefusal refusal) {
        this.refusal = refusal;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String problem = problem(request.getRequestURI());
        if (problem != null) {
            refusal.send(request, response, 400, "bad-request", "Bad Request", "the path " + request.getRequestURI()
                    + " " + problem + "; send the path without them", false);
            return;
        }
        chain.doFilter(request, response);
    }

    /** What is wrong with the raw (undecoded) path {@code uri}, or null. */
    static String problem(String uri) {
        if (uri == null) {
            return null;
        }
        String lower = uri.toLowerCase(Locale.ROOT);
        if (lower.contains("%2f")) {
            return "has an encoded '/' (%2F)";
        }
        if (lower.contains("%5c") || lower.contains("\\")) {
            return "has a '\\' (or %5C)";
        }
        for (String segment : lower.split("/", -1)) {
            int parameters = segment.indexOf(';');
            String name = (parameters >= 0 ? segment.substring(0, parameters) : segment).replace("%2e", ".");
            if (name.equals(".") || name.equals("..")) {
                return "has a dot segment ('" + name + "')";
            }
        }
        return null;
    }
}
