package io.baton.worker.runtime;

/** The configured execution provider cannot run in this process; the worker refuses to start. */
public class ExecutionProviderUnavailableException extends RuntimeException {

    private final String action;

    public ExecutionProviderUnavailableException(String message, String action, Throwable cause) {
        super(message, cause);
        this.action = action;
    }

    /** What an operator should do about it. */
    public String action() {
        return action;
    }
}
