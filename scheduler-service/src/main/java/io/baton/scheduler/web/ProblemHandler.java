package io.baton.scheduler.web;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

import io.baton.commons.problem.ProblemAdvice;
import io.baton.commons.problem.ProblemException;
import io.baton.commons.problem.ProblemTypes;
import io.baton.core.plan.InputException;

/**
 * The scheduler's problems ({@link ProblemAdvice}): its refusals always as {@code application/problem+json}, the
 * planners' bad-input message as it stands, and an unreadable body in Jackson's words with the path at fault.
 */
@RestControllerAdvice
public class ProblemHandler extends ProblemAdvice {

    @Override
    protected ResponseEntity<Object> refused(ProblemException e) {
        return of(e);
    }

    /** The problem response for a refusal, with its extra properties as members of the body. */
    public static ResponseEntity<Object> of(ProblemException e) {
        ProblemDetail body = body(e.status(), e.slug(), null, e.getMessage());
        e.properties().forEach(body::setProperty);
        return ResponseEntity.status(e.status()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(body);
    }

    /** scheduling-core's one-line bad-input message, which names the field, is the detail as it stands. */
    @ExceptionHandler(InputException.class)
    ResponseEntity<Object> input(InputException e) {
        return problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST, null, e.getMessage());
    }

    /** Malformed JSON, a value of the wrong type, or an unknown field in a bound body: say which. */
    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        if (e.getCause() instanceof JsonMappingException mapping) {
            String field = mapping.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .reduce("", (a, b) -> a.isEmpty() || b.startsWith("[") ? a + b : a + "." + b);
            String detail = mapping instanceof UnrecognizedPropertyException unknown
                    ? "unknown field '" + unknown.getPropertyName() + "'"
                    : mapping.getOriginalMessage();
            return problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST, null,
                    (field.isEmpty() ? "" : field + ": ") + detail);
        }
        return problem(HttpStatus.BAD_REQUEST, ProblemTypes.MALFORMED_JSON, null, "the request body is missing or not JSON");
    }
}
