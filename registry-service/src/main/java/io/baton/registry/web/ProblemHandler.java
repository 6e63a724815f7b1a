package io.baton.registry.web;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.mapping.PropertyReferenceException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import io.baton.commons.problem.ProblemTypes;
import io.baton.commons.problem.RequestProblemAdvice;

/**
 * The registry's problems: those of every strict-JSON service ({@link RequestProblemAdvice}), and the database's
 * refusals of a change (a concurrent writer, a constraint) and of a sort order.
 */
@RestControllerAdvice
public class ProblemHandler extends RequestProblemAdvice {

    /** A concurrent writer got in between our read and our write (the version check in SQL failed). */
    @ExceptionHandler(OptimisticLockingFailureException.class)
    ResponseEntity<Object> optimisticLock(OptimisticLockingFailureException e) {
        return problem(HttpStatus.CONFLICT, ProblemTypes.STALE_VERSION, "version",
                "the resource was changed concurrently; read it again and retry");
    }

    /** A unique or foreign-key constraint raced a check done in the service (two creators at once). */
    @ExceptionHandler(DataIntegrityViolationException.class)
    ResponseEntity<Object> integrity(DataIntegrityViolationException e) {
        return problem(HttpStatus.CONFLICT, ProblemTypes.CONFLICT, null,
                "the change conflicts with the current state: " + e.getMostSpecificCause().getMessage());
    }

    @ExceptionHandler(PropertyReferenceException.class)
    ResponseEntity<Object> sort(PropertyReferenceException e) {
        return problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST, "sort",
                "cannot sort by '" + e.getPropertyName() + "'");
    }
}
