package io.baton.core.cli;

/** Bad input to the CLI: printed as one line on standard error, exit status 2. */
public final class InputException extends RuntimeException {
    public InputException(String message) {
        super(message);
    }
}
