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
 * @param archiveMaxEntries      most entries (files and directories) a model archive may hold (default 1000)
 * @param archiveMaxUnpackedSize most bytes a model archive may unpack to, counted while unpacking whatever it declares
 *                               (default 1GB)
 */
@ConfigurationProperties(prefix = "baton.registry")
public record RegistryProperties(
        Path artifactDir,
        DataSize maxUploadSize,
        Boolean hotReadCache,
        Integer archiveMaxEntries,
        DataSize archiveMaxUnpackedSize) {

    public RegistryProperties(Path artifactDir, DataSize maxUploadSize, Boolean hotReadCache) {
        this(artifactDir, maxUploadSize, hotReadCache, null, null);
    }

    @org.springframework.boot.context.properties.bind.ConstructorBinding
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
        if (archiveMaxEntries == null) {
            archiveMaxEntries = 1000;
        }
        if (archiveMaxUnpackedSize == null) {
            archiveMaxUnpackedSize = DataSize.ofGigabytes(1);
        }
        if (archiveMaxEntries <= 0 || archiveMaxUnpackedSize.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.registry.archive-max-entries and archive-max-unpacked-size must be > 0");
        }
        if (maxUploadSize.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.registry.max-upload-size must be > 0");
        }
    }
}
