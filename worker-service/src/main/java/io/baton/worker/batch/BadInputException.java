package io.baton.worker.batch;

/**
 * A request the worker cannot run, naming the field at fault ({@code inputs[0].parts[1].shape[2]}).
 * Status 400 when the request contradicts itself or is malformed, 422 when it is well-formed but does not fit
 * the model's signature.
 */
public class BadInputException extends RuntimeException {

    private final int status;
    private final String field;

    public BadInputException(int status, String field, String message) {
        super(message);
        this.status = status;
        this.field = field;
    }

    public static BadInputException malformed(String field, String message) {
        return new BadInputException(400, field, field + " " + message);
    }

    public static BadInputException mismatch(String field, String message) {
        return new BadInputException(422, field, field + " " + message);
    }

    public int status() {
        return status;
    }

    public String field() {
        return field;
    }
}
