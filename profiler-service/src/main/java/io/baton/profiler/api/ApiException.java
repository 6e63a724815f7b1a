package io.baton.profiler.api;

import org.springframework.http.HttpStatus;

import io.baton.commons.problem.ProblemException;
import io.baton.commons.problem.ProblemTypes;

/**
 * The profiler's refusals: a {@link ProblemException} (whose {@code notFound} and {@code unprocessable} it uses);
 * {@link #invalid} starts the detail with the field's name ("bins must be in [1, 64]").
 */
public class ApiException extends ProblemException {

    public ApiException(HttpStatus status, String slug, String field, String detail) {
        super(status, slug, field, detail);
    }

    public static ApiException invalid(String field, String detail) {
        return new ApiException(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST, field, field + " " + detail);
    }
}
