package io.baton.registry.web;

import java.util.concurrent.atomic.AtomicLong;

import jakarta.persistence.PersistenceException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.mapping.PropertyReferenceException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.TransactionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import io.baton.commons.problem.ProblemTypes;
import io.baton.commons.problem.RequestProblemAdvice;
import io.baton.registry.persistence.DatabaseOutage;

/**
 * The registry's problems: those of every strict-JSON service ({@link RequestProblemAdvice}), and the database's
 * refusals of a change (a concurrent writer, a constraint) and of a sort order, and the database being out of reach
 * (503 {@code database-unavailable}, {@link DatabaseOutage}).
 */
@RestControllerAdvice
public class ProblemHandler extends RequestProblemAdvice {

    /** Slug of the 503 answered while the database cannot be reached. */
    public static final String DATABASE_UNAVAILABLE = "database-unavailable";

    /** Seconds a client is asked to wait before trying again while the database is out of reach. */
    private static final String RETRY_AFTER_SECONDS = "5";

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);
    private static final long LOG_EVERY_NANOS = 10_000_000_000L;

    /** When the last outage warning was logged: one line per ten seconds, not one per refused request. */
    private final AtomicLong lastWarned = new AtomicLong(System.nanoTime() - LOG_EVERY_NANOS);
    private final DatabaseOutage outage;

    public ProblemHandler(DatabaseOutage outage) {
        this.outage = outage;
    }

    /**
     * The database out of reach: 503 with a reason and {@code Retry-After}. A change whose transaction could not begin
     * wrote nothing; one cut off during its commit may or may not be stored (read it again). Any other failure of the database is rethrown to the default handling, as before. The
     * pool's or driver's message goes to the log only: it names the database's address.
     */
    @ExceptionHandler({DataAccessException.class, TransactionException.class, PersistenceException.class})
    ResponseEntity<Object> database(Exception e) throws Exception {
        String reason = outage.of(e).orElseThrow(() -> e);
        long now = System.nanoTime();
        long last = lastWarned.get();
        if (now - last >= LOG_EVERY_NANOS && lastWarned.compareAndSet(last, now)) {
            log.warn("database unavailable, answering 503: {}", reason);
        }
        ResponseEntity<Object> problem = problem(HttpStatus.SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE, null,
                "database unavailable: the registry cannot reach its database; try again later");
        return ResponseEntity.status(problem.getStatusCode()).header("Retry-After", RETRY_AFTER_SECONDS)
                .body(problem.getBody());
    }

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
