package io.baton.profiler.registry;

/**
 * The registry refused a call ({@code status} ≥ 400, with its problem's {@code detail} as the message when it sent
 * one), or could not be reached ({@code status} 0).
 */
public class RegistryException extends RuntimeException {

    private final int status;

    public RegistryException(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    public int status() {
        return status;
    }

    public boolean notFound() {
        return status == 404;
    }

    public boolean unreachable() {
        return status == 0;
    }
}
