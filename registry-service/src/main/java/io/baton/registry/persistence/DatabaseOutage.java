package io.baton.registry.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;

import javax.sql.DataSource;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Whether a failure means the database could not be reached (no connection within Hikari's
 * {@code connection-timeout}, a connection broken under a statement, the server shutting down), as opposed to the
 * database refusing what was asked. The first is the registry's dependency being down, answered 503 so that callers
 * keep what they hold and retry; the second stays an error of the request or of the registry.
 *
 * <p>The failure itself says so most of the time (its SQLSTATE, the pool's timeout). When it does not, the pool is
 * asked for a connection that answers: a statement cut off mid-transaction surfaces as the rollback's failure on the
 * connection the pool has already closed ("Connection is closed", no SQLSTATE), which only the database's state
 * tells apart from a bug.
 */
@Component
public class DatabaseOutage {

    private static final int MAX_DEPTH = 16;
    private static final int PROBE_SECONDS = 2;

    private final DataSource database;

    public DatabaseOutage(DataSource database) {
        this.database = database;
    }

    /**
     * Why {@code failure} is an outage, for the log (the driver's or the pool's message: it may name the database's
     * address, which a problem body must not); empty when it is not one.
     */
    public Optional<String> of(Throwable failure) {
        Optional<String> said = classify(failure);
        if (said.isPresent()) {
            return said;
        }
        try (Connection c = database.getConnection()) {
            return c.isValid(PROBE_SECONDS) ? Optional.empty()
                    : Optional.of("the database did not answer a liveness check after: " + failure.getMessage());
        } catch (SQLException probe) {
            return Optional.of("no connection to the database (" + probe.getMessage() + ") after: "
                    + failure.getMessage());
        }
    }

    /** What the failure says of itself: an outage (with the message that says so), or empty when it does not say. */
    static Optional<String> classify(Throwable failure) {
        boolean outage = failure instanceof CannotCreateTransactionException
                || failure instanceof DataAccessResourceFailureException;
        String reason = failure.getMessage();
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++) { // bounded: a cause chain may loop
            if (t instanceof SQLTransientConnectionException || t instanceof SQLException sql && lost(sql.getSQLState())) {
                outage = true;
                reason = t.getMessage();
            }
            t = t.getCause();
        }
        return outage ? Optional.of(String.valueOf(reason)) : Optional.empty();
    }

    /**
     * SQLSTATE class 08 (connection exception) and 57P0x (the server shutting down, crashed, or not yet accepting
     * connections).
     */
    private static boolean lost(String state) {
        return state != null && (state.startsWith("08") || state.startsWith("57P0"));
    }
}
