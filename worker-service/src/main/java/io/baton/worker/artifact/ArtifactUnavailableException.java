package io.baton.worker.artifact;

/** The artifact source could not be read, or returned bytes that do not hash to the digest asked for. */
public class ArtifactUnavailableException extends RuntimeException {

    public ArtifactUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
