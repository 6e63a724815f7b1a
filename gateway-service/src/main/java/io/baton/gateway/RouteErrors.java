package io.baton.gateway;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.commons.problem.ProblemBodies;

/**
 * Requests that reach no controller: a path no route has (404) and a method the path does not take (405). On the
 * Open Inference Protocol routes ({@code /v2/...}) the answer is the OIP error body {@code {"error": "..."}},
 * elsewhere an RFC 7807 problem ({@code urn:baton:problem:not-found}, {@code method-not-allowed}); a 405 names the
 * methods the path takes, also in {@code Allow}. Without this, Spring's own error JSON (timestamp, path, ...) or its
 * "No static resource" wording would answer.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class RouteErrors {

    private final ObjectMapper json;

    public RouteErrors(ObjectMapper json) {
        this.json = json;
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    public ResponseEntity<byte[]> notFound(HttpServletRequest request, Exception e) {
        return answer(request, 404, "not-found", "Not Found", "no such route: " + request.getMethod() + " "
                + request.getRequestURI(), null);
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    public ResponseEntity<byte[]> method(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        Set<HttpMethod> supported = e.getSupportedHttpMethods();
        Set<String> allowed = new TreeSet<>();
        if (supported != null) {
            supported.forEach(m -> allowed.add(m.name()));
        }
        String detail = "method " + request.getMethod() + " is not allowed on " + request.getRequestURI()
                + (allowed.isEmpty() ? "" : "; use " + String.join(" or ", allowed));
        return answer(request, 405, "method-not-allowed", "Method Not Allowed", detail,
                allowed.isEmpty() ? null : String.join(", ", allowed));
    }

    private ResponseEntity<byte[]> answer(HttpServletRequest request, int status, String slug, String title,
                                          String detail, String allow) {
        boolean oip = request.getRequestURI().startsWith("/v2/") || request.getRequestURI().equals("/v2");
        Map<String, Object> body = oip ? Collections.singletonMap("error", detail)
                : ProblemBodies.of(slug, title, status, detail, request.getRequestURI());
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(status)
                .contentType(oip ? MediaType.APPLICATION_JSON : MediaType.APPLICATION_PROBLEM_JSON);
        if (allow != null) {
            answer.header(HttpHeaders.ALLOW, allow);
        }
        try {
            return answer.body(json.writeValueAsBytes(body));
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
