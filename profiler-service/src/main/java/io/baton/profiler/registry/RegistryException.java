package io.baton.profiler.registry;

/**
 * The registry refused a call ({@code status} ≥ 400, with its problem's {@code detail} and {@code field} when it sent
 * one), or could not be reached ({@code status} 0).
 */
public class RegistryException extends RuntimeException {

    private final int status;
    private final String field;

    public RegistryException(int status, String field, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.field = field;
    }

    public int status() {
        return status;
    }

    public String field() {
        return field;
    }

    public boolean notFound() {
        return status == 404;
    }

    public boolean unreachable() {
        return status == 0;
    }
}
