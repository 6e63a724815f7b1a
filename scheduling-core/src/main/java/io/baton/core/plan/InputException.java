package io.baton.core.plan;

/** Bad input to the CLI: printed as one line on standard error, exit status 2. */
public final class InputException extends RuntimeException {
    public InputException(String message) {
        super(message);
    }

    /** The first line of {@code message} (a bad-input report is one line), or "invalid input" when there is none. */
    public static String oneLine(String message) {
        return message == null ? "invalid input" : message.lines().findFirst().orElse(message);
    }
}
