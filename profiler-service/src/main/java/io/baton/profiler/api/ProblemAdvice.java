package io.baton.profiler.api;

import io.baton.core.json.JsonProblems;

import java.net.URI;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * RFC 7807 bodies ({@code application/problem+json}) as registry-service writes them: {@code type}
 * ({@code urn:baton:problem:<slug>}), {@code title}, {@code status}, {@code detail}, and {@code field} naming the
 * JSON path or path variable at fault.
 */
@RestControllerAdvice
public class ProblemAdvice extends ResponseEntityExceptionHandler {

    static final String TYPE_PREFIX = "urn:baton:problem:";

    @ExceptionHandler(ApiException.class)
    ResponseEntity<Object> api(ApiException e) {
        return problem(e.status(), e.slug(), e.field(), e.getMessage());
    }

    /**
     * Malformed JSON, a value of the wrong type, an unknown field, or a body past the JSON reader's limits: name the
     * JSON path at fault and the kind of JSON it must be ({@link JsonProblems}), never a Java type.
     */
    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        Throwable cause = e.getMostSpecificCause();
        String limit = JsonProblems.limit(e.getCause());
        if (limit != null) return problem(HttpStatus.BAD_REQUEST, "malformed-json", null, limit);
        if (cause instanceof JsonParseException parse) {
            return problem(HttpStatus.BAD_REQUEST, "malformed-json", null, "malformed JSON at line " + parse.getLocation().getLineNr()
                    + ", column " + parse.getLocation().getColumnNr() + ": " + JsonProblems.plain(parse.getOriginalMessage()));
        }
        if (e.getCause() instanceof JsonMappingException mapping) {
            StringBuilder path = new StringBuilder();
            for (JsonMappingException.Reference r : mapping.getPath()) {
                if (r.getFieldName() != null) path.append(path.isEmpty() ? "" : ".").append(r.getFieldName());
                else if (r.getIndex() >= 0) path.append('[').append(r.getIndex()).append(']');
            }
            String field = path.toString();
            String detail = mapping instanceof UnrecognizedPropertyException unknown
                    ? (field.isEmpty() ? "" : field + ": ") + "unknown field '" + unknown.getPropertyName() + "'"
                    : JsonProblems.describe(mapping, field);
            return problem(HttpStatus.BAD_REQUEST, "invalid-request", field.isEmpty() ? null : field, detail);
        }
        return problem(HttpStatus.BAD_REQUEST, "malformed-json", null, "the request body is missing or not JSON");
    }

    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception e, Object body, HttpHeaders headers,
                                                             HttpStatusCode status, WebRequest request) {
        ResponseEntity<Object> response = super.handleExceptionInternal(e, body, headers, status, request);
        if (response != null && response.getBody() instanceof ProblemDetail problem
                && (problem.getType() == null || "about:blank".equals(problem.getType().toString()))) {
            problem.setType(URI.create(TYPE_PREFIX + "http-" + status.value()));
        }
        return response;
    }

    static ResponseEntity<Object> problem(HttpStatus status, String slug, String field, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create(TYPE_PREFIX + slug));
        problem.setTitle(status.getReasonPhrase());
        if (field != null) problem.setProperty("field", field);
        return ResponseEntity.status(status).body(problem);
    }
}
