package io.baton.worker.artifact;

/** The artifact source holds no artifact with this digest. */
public class ArtifactNotFoundException extends RuntimeException {

    private final String digest;

    public ArtifactNotFoundException(String digest, String source) {
        super("no artifact with sha256 " + digest + " at " + source);
        this.digest = digest;
    }

    public String digest() {
        return digest;
    }
}
