package io.baton.cli.models;

/** A published model could not be fetched or is not what its pin says: the message is one line naming what and why. */
public final class ModelFetchException extends RuntimeException {
    public ModelFetchException(String message) {
        super(message);
    }

    public ModelFetchException(String message, Throwable cause) {
        super(message, cause);
    }
}
