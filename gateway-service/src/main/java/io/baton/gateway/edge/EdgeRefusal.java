package io.baton.gateway.edge;

import java.io.IOException;
import java.util.Collections;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.commons.problem.ProblemBodies;

/**
 * A request the edge refuses before any route: in the body of the route it was for, an RFC 7807 problem on
 * {@code /v1} and the OIP error {@code {"error": ...}} elsewhere. A refusal whose body is left unread closes the
 * connection after the answer ({@link UnreadBodyValve}): Tomcat would otherwise read the rest of the body, as slowly
 * as it comes, to keep the connection.
 */
record EdgeRefusal(ObjectMapper json) {

    /** Request attribute: the connection is closed after this answer, the rest of the body left unread. */
    static final String CLOSE = EdgeRefusal.class.getName() + ".close";

    void send(HttpServletRequest request, HttpServletResponse response, int status, String slug, String title,
              String detail, boolean retryAfter) throws IOException {
        request.setAttribute(CLOSE, Boolean.TRUE);
        if (response.isCommitted()) {
            return;
        }
        response.reset();
        response.setStatus(status);
        response.setHeader("Connection", "close");
        if (retryAfter) {
            response.setHeader("Retry-After", "1");
        }
        String uri = request.getRequestURI();
        Map<String, Object> body;
        if (uri != null && (uri.equals("/v1") || uri.startsWith("/v1/"))) {
            response.setContentType("application/problem+json");
            body = ProblemBodies.of(slug, title, status, detail, uri);
        } else {
            response.setContentType("application/json");
            body = Collections.singletonMap("error", detail);
        }
        json.writeValue(response.getOutputStream(), body);
    }

    /** The refusal of a body that came too slowly: 408, and the connection closed. */
    void tooSlow(HttpServletRequest request, HttpServletResponse response, BodyRefused refusal) throws IOException {
        send(request, response, 408, "request-timeout", "Request Timeout", refusal.getMessage(), false);
    }
}
