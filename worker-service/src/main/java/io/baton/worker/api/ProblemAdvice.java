package io.baton.worker.api;

import java.lang.reflect.Method;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.util.ReflectionUtils;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.ExceptionHandlerMethodResolver;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

import com.fasterxml.jackson.databind.JsonMappingException;

import io.baton.commons.json.JsonPaths;

import io.baton.worker.artifact.ArtifactNotFoundException;
import io.baton.worker.artifact.ArtifactUnavailableException;
import io.baton.worker.batch.BadInputException;
import io.baton.worker.batch.BatchRunner.ExecutionFailedException;
import io.baton.worker.batch.RunCancelledException;
import io.baton.worker.cache.ModelTooLargeException;
import io.baton.worker.cache.ModelUnreadableException;

/**
 * Every error as an RFC 7807 problem, built as the other services build theirs
 * ({@link io.baton.commons.problem.ProblemAdvice#body}), but titled with what failed; a {@code field} property names
 * the part of the request at fault. Spring MVC's own refusals keep Spring's {@code about:blank} type.
 */
@RestControllerAdvice
public class ProblemAdvice extends ResponseEntityExceptionHandler {

    /** This class's own handlers, found by exception type as Spring MVC finds them. */
    private static final ExceptionHandlerMethodResolver HANDLERS = new ExceptionHandlerMethodResolver(ProblemAdvice.class);

    /**
     * The problem a route of this worker answers for {@code failure}, for a route outside Spring MVC (the binary batch
     * route): the same handler, so the same status and body; null when no handler here takes it (an unexpected
     * failure, a 500 over HTTP).
     */
    public ProblemDetail problemFor(Exception failure) {
        Method handler = HANDLERS.resolveMethod(failure);
        if (handler == null || handler.getReturnType() != ProblemDetail.class || handler.getParameterCount() != 1) {
            return null;
        }
        ReflectionUtils.makeAccessible(handler);
        return (ProblemDetail) ReflectionUtils.invokeMethod(handler, this, failure);
    }

    private static ProblemDetail problem(int status, String type, String title, String detail, String field) {
        return io.baton.commons.problem.ProblemAdvice.body(HttpStatusCode.valueOf(status), type, title, field, detail);
    }

    @ExceptionHandler(BadInputException.class)
    ProblemDetail badInput(BadInputException e) {
        return e.status() == 422
                ? problem(422, "input-mismatch", "Input does not fit the model", e.getMessage(), e.field())
                : problem(400, "bad-input", "Bad input", e.getMessage(), e.field());
    }

    @ExceptionHandler(ArtifactNotFoundException.class)
    ProblemDetail unknownVariant(ArtifactNotFoundException e) {
        return problem(404, "unknown-variant", "Unknown variant", e.getMessage(), "variant");
    }

    @ExceptionHandler(ModelController.NotResidentException.class)
    ProblemDetail notResident(ModelController.NotResidentException e) {
        return problem(404, "not-loaded", "Model not loaded", e.getMessage(), "digest");
    }

    @ExceptionHandler(ModelUnreadableException.class)
    ProblemDetail unreadable(ModelUnreadableException e) {
        return problem(422, "unreadable-model", "ONNX Runtime cannot open the model", e.getMessage(), "variant");
    }

    @ExceptionHandler(ModelTooLargeException.class)
    ProblemDetail tooLarge(ModelTooLargeException e) {
        return problem(507, "over-budget", "Model exceeds the memory budget", e.getMessage(), "variant");
    }

    @ExceptionHandler(ArtifactUnavailableException.class)
    ProblemDetail sourceDown(ArtifactUnavailableException e) {
        return problem(502, "artifact-source", "Artifact source unavailable", e.getMessage(), null);
    }

    @ExceptionHandler(ExecutionFailedException.class)
    ProblemDetail executionFailed(ExecutionFailedException e) {
        return problem(422, "execution-failed", "ONNX Runtime rejected the batch", e.getMessage(), "inputs");
    }

    /**
     * A 4xx, not a 5xx: the run was stopped because this batch (its model and inputs) asked for more time than it was
     * given, and the worker is fine and already running the next batch. The scheduler's circuit breaker counts 5xx
     * answers against a worker's health, and a few hostile requests must not take a healthy worker out of service.
     */
    @ExceptionHandler(RunCancelledException.class)
    ProblemDetail runCancelled(RunCancelledException e) {
        ProblemDetail problem = problem(422, "run-cancelled", "Run cancelled at its deadline", e.getMessage(), null);
        problem.setProperty("elapsedMs", e.elapsedMs());
        problem.setProperty("timeoutMs", e.budgetMs());
        return problem;
    }

    /** Malformed JSON, an unknown property or a value of the wrong JSON type: name the path Jackson stopped at. */
    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
                                                                  HttpHeaders headers, HttpStatusCode status,
                                                                  WebRequest request) {
        String field = null;
        String detail = "the body is not valid JSON for this endpoint";
        if (ex.getCause() instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            field = JsonPaths.of(mapping.getPath());
            detail = field + ": " + mapping.getOriginalMessage();
        } else if (ex.getCause() != null) {
            detail = detail + ": " + ex.getCause().getMessage();
        }
        ProblemDetail body = problem(400, "malformed", "Malformed request", detail, field);
        return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(body);
    }
}
