package io.baton.worker.artifact;

/**
 * Where a worker gets the ONNX bytes of a model variant, by the SHA-256 digest of those bytes.
 *
 * <p>Implementations: {@link HttpArtifactSource} (registry-service's {@code GET /v1/artifacts/{sha256}}) and
 * {@link DirectoryArtifactSource} (a local directory, for tests and the quick start). {@link ArtifactSources#of}
 * picks one from {@code baton.worker.registry-url}.
 */
public interface ArtifactSource {

    /**
     * The bytes whose SHA-256 is {@code sha256} (64 lower-case hex digits).
     *
     * @throws ArtifactNotFoundException    the source does not hold that digest
     * @throws ArtifactUnavailableException the source could not be asked, or answered with other bytes
     */
    byte[] fetch(String sha256);

    /** Where this source reads from, for logs and problem bodies. */
    String describe();
}
