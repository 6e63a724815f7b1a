package io.baton.scheduler.web;

import org.springframework.http.HttpStatus;

import io.baton.commons.problem.ProblemException;

/**
 * The scheduler's refusals: a {@link ProblemException} without a stack trace (drops and bad input are routine here,
 * at the request rate), with extra members such as {@code field} or a drop's {@code reason}.
 */
public class ApiException extends ProblemException {

    public ApiException(HttpStatus status, String slug, String detail) {
        super(status, slug, detail, false);
    }

    @Override
    public ApiException withField(String field) {
        super.withField(field);
        return this;
    }

    @Override
    public ApiException with(String name, Object value) {
        super.with(name, value);
        return this;
    }
}
