package io.baton.registry;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration of registry-service, bound from {@code baton.registry.*}.
 *
 * @param artifactDir   directory of the content-addressed artifact store (ONNX models and dataset blobs, one file
 *                      per SHA-256 digest); a relative path resolves against the working directory (default
 *                      {@code data/artifacts})
 * @param maxUploadSize largest artifact body accepted; a larger upload is answered 413 (default 256MB)
 * @param hotReadCache  keep {@code GET /v1/applications/{name}} views in memory, cleared on every write (default
 *                      true; turn off when several registry processes share one database)
 */
@ConfigurationProperties(prefix = "baton.registry")
public record RegistryProperties(
        Path artifactDir,
        DataSize maxUploadSize,
        Boolean hotReadCache) {

    public RegistryProperties {
        if (artifactDir == null) {
            artifactDir = Path.of("data", "artifacts");
        }
        if (maxUploadSize == null) {
            maxUploadSize = DataSize.ofMegabytes(256);
        }
        if (hotReadCache == null) {
            hotReadCache = true;
        }
        if (maxUploadSize.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.registry.max-upload-size must be > 0");
        }
    }
}
