package io.baton.registry.web;

import io.baton.core.json.JsonProblems;

import java.net.URI;
import java.util.List;
import java.util.Map;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.mapping.PropertyReferenceException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Turns every refusal into an RFC 7807 problem body ({@code application/problem+json}) with {@code type},
 * {@code title}, {@code status}, {@code detail}, and, where one field is at fault, {@code field} naming it as a
 * JSON path ({@code inputs[0].shape}) or parameter name. Bean-validation failures also list every field in
 * {@code errors: [{field, message}]}.
 */
@RestControllerAdvice
public class ProblemHandler extends ResponseEntityExceptionHandler {

    static final String TYPE_PREFIX = "urn:baton:problem:";

    @ExceptionHandler(ApiException.class)
    ResponseEntity<Object> api(ApiException e) {
        return problem(e.status(), e.slug(), e.field(), e.getMessage());
    }

    /** A concurrent writer got in between our read and our write (the version check in SQL failed). */
    @ExceptionHandler(OptimisticLockingFailureException.class)
    ResponseEntity<Object> optimisticLock(OptimisticLockingFailureException e) {
        return problem(HttpStatus.CONFLICT, "stale-version", "version",
                "the resource was changed concurrently; read it again and retry");
    }

    /** A unique or foreign-key constraint raced a check done in the service (two creators at once). */
    @ExceptionHandler(DataIntegrityViolationException.class)
    ResponseEntity<Object> integrity(DataIntegrityViolationException e) {
        return problem(HttpStatus.CONFLICT, "conflict", null,
                "the change conflicts with the current state: " + e.getMostSpecificCause().getMessage());
    }

    @ExceptionHandler(PropertyReferenceException.class)
    ResponseEntity<Object> sort(PropertyReferenceException e) {
        return problem(HttpStatus.BAD_REQUEST, "invalid-request", "sort", "cannot sort by '" + e.getPropertyName() + "'");
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Object> typeMismatch(MethodArgumentTypeMismatchException e) {
        return problem(HttpStatus.BAD_REQUEST, "invalid-request", e.getName(),
                e.getName() + " has an invalid value '" + e.getValue() + "'");
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        List<Map<String, String>> errors = e.getBindingResult().getFieldErrors().stream()
                .sorted(java.util.Comparator.comparing(FieldError::getField))
                .map(f -> Map.of("field", f.getField(), "message", String.valueOf(f.getDefaultMessage())))
                .toList();
        Map<String, String> first = errors.isEmpty() ? Map.of("field", "", "message", "invalid body") : errors.get(0);
        ProblemDetail body = body(HttpStatus.BAD_REQUEST, "invalid-request",
                first.get("field").isEmpty() ? null : first.get("field"),
                first.get("field") + " " + first.get("message"));
        body.setProperty("errors", errors);
        return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(body);
    }

    /** Constraints on path variables, and on bodies of handlers that also have them: same shape as above. */
    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<Map<String, String>> errors = new java.util.ArrayList<>();
        for (ParameterValidationResult result : e.getParameterValidationResults()) {
            if (result instanceof ParameterErrors bean) {
                bean.getFieldErrors().stream().sorted(java.util.Comparator.comparing(FieldError::getField))
                        .forEach(f -> errors.add(Map.of("field", f.getField(), "message",
                                String.valueOf(f.getDefaultMessage()))));
            } else {
                String name = result.getMethodParameter().getParameterName();
                result.getResolvableErrors().forEach(error -> errors.add(Map.of("field", String.valueOf(name),
                        "message", String.valueOf(error.getDefaultMessage()))));
            }
        }
        Map<String, String> first = errors.isEmpty() ? Map.of("field", "", "message", "invalid request") : errors.get(0);
        ProblemDetail body = body(HttpStatus.BAD_REQUEST, "invalid-request",
                first.get("field").isEmpty() ? null : first.get("field"),
                first.get("field") + " " + first.get("message"));
        body.setProperty("errors", errors);
        return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(body);
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
            return problem(HttpStatus.BAD_REQUEST, "malformed-json", null,
                    "malformed JSON at line " + parse.getLocation().getLineNr() + ", column "
                            + parse.getLocation().getColumnNr() + ": " + JsonProblems.plain(parse.getOriginalMessage()));
        }
        if (e.getCause() instanceof JsonMappingException mapping) {
            String field = JsonPaths.of(mapping.getPath());
            String detail;
            if (mapping instanceof UnrecognizedPropertyException unknown) {
                detail = (field.isEmpty() ? "" : field + ": ") + "unknown field '" + unknown.getPropertyName() + "'";
            } else if (cause instanceof IllegalArgumentException iae && !(cause instanceof NumberFormatException)
                    && cause != mapping && iae.getMessage() != null) {
                detail = (field.isEmpty() ? "" : field + ": ") + iae.getMessage(); // a record's own check
            } else {
                detail = JsonProblems.describe(mapping, field);
            }
            return problem(HttpStatus.BAD_REQUEST, "invalid-request", field.isEmpty() ? null : field, detail);
        }
        return problem(HttpStatus.BAD_REQUEST, "malformed-json", null, "the request body is missing or not JSON");
    }

    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception e, Object body, HttpHeaders headers,
                                                             HttpStatusCode status, WebRequest request) {
        // Spring's own problems (405, 415, missing parameter, ...) keep their detail, with our type URI.
        ResponseEntity<Object> response = super.handleExceptionInternal(e, body, headers, status, request);
        if (response != null && response.getBody() instanceof ProblemDetail problem
                && (problem.getType() == null || "about:blank".equals(problem.getType().toString()))) {
            problem.setType(URI.create(TYPE_PREFIX + "http-" + status.value()));
        }
        return response;
    }

    static ResponseEntity<Object> problem(HttpStatus status, String slug, String field, String detail) {
        return ResponseEntity.status(status).body(body(status, slug, field, detail));
    }

    static ProblemDetail body(HttpStatus status, String slug, String field, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create(TYPE_PREFIX + slug));
        problem.setTitle(status.getReasonPhrase());
        if (field != null) problem.setProperty("field", field);
        return problem;
    }
}
