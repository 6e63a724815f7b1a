package io.baton.cli.suite;

/**
 * The suite could not be started, reached or set up: a service refused, died or did not become healthy. The
 * message is one line that says which service and why (the CLI prints it and exits 1); bad input from the user is
 * {@link io.baton.core.plan.InputException} instead.
 */
public final class SuiteException extends RuntimeException {
    public SuiteException(String message) {
        super(message);
    }

    public SuiteException(String message, Throwable cause) {
        super(message, cause);
    }
}
