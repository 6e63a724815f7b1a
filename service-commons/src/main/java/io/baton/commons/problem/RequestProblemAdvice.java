package io.baton.commons.problem;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

import io.baton.commons.json.JsonPaths;
import io.baton.core.json.JsonProblems;

/**
 * The problems of a service whose bodies are read as strict JSON ({@link io.baton.commons.json.StrictJsonRequests})
 * and validated: a malformed body, a value of the wrong JSON kind or an unknown field names the JSON path at fault
 * in {@code field} and says what kind of JSON it must be ({@link JsonProblems}), never a Java type; a path variable
 * of the wrong type names the variable; bean-validation failures also list every field in
 * {@code errors: [{field, message}]}.
 */
@RestControllerAdvice
public class RequestProblemAdvice extends ProblemAdvice {

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Object> typeMismatch(MethodArgumentTypeMismatchException e) {
        return problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST, e.getName(),
                e.getName() + " has an invalid value '" + e.getValue() + "'");
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        List<Map<String, String>> errors = new ArrayList<>();
        addSorted(errors, e.getBindingResult().getFieldErrors());
        return invalid(errors, "invalid body");
    }

    /** Constraints on path variables, and on bodies of handlers that also have them: same shape as above. */
    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<Map<String, String>> errors = new ArrayList<>();
        for (ParameterValidationResult result : e.getParameterValidationResults()) {
            if (result instanceof ParameterErrors bean) {
                addSorted(errors, bean.getFieldErrors());
            } else {
                String name = result.getMethodParameter().getParameterName();
                result.getResolvableErrors().forEach(error -> errors.add(Map.of("field", String.valueOf(name),
                        "message", String.valueOf(error.getDefaultMessage()))));
            }
        }
        return invalid(errors, "invalid request");
    }

    private static void addSorted(List<Map<String, String>> errors, List<FieldError> fields) {
        fields.stream().sorted(Comparator.comparing(FieldError::getField))
                .forEach(f -> errors.add(Map.of("field", f.getField(), "message", String.valueOf(f.getDefaultMessage()))));
    }

    /** 400 naming the first field at fault in {@code field} and {@code detail}, and all of them in {@code errors}. */
    private static ResponseEntity<Object> invalid(List<Map<String, String>> errors, String whenNone) {
        Map<String, String> first = errors.isEmpty() ? Map.of("field", "", "message", whenNone) : errors.get(0);
        ProblemDetail body = body(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST,
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
        if (limit != null) return problem(HttpStatus.BAD_REQUEST, ProblemTypes.MALFORMED_JSON, null, limit);
        if (cause instanceof JsonParseException parse) {
            return problem(HttpStatus.BAD_REQUEST, ProblemTypes.MALFORMED_JSON, null,
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
            return problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST, field.isEmpty() ? null : field, detail);
        }
        return problem(HttpStatus.BAD_REQUEST, ProblemTypes.MALFORMED_JSON, null, "the request body is missing or not JSON");
    }
}
