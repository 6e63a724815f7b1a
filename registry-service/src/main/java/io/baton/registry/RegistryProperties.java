package io.baton.registry;

import java.nio.file.Path;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * Configuration of registry-service, bound from {@code baton.registry.*}.
 *
 * @param artifactDir   directory of the content-addressed artifact store (ONNX models and dataset blobs, one file
 *                      per SHA-256 digest); a relative path resolves against the working directory (by default
 *                      {@code data/artifacts})
 * @param maxUploadSize largest artifact body accepted; a larger upload is answered 413
 * @param hotReadCache  keep {@code GET /v1/applications/{name}} views in memory, cleared on every write (turn
 *                      off when several registry processes share one database)
 * @param archiveMaxEntries      most entries (files and directories) a model archive may hold
 * @param archiveMaxUnpackedSize most bytes a model archive may unpack to, counted while unpacking whatever it declares
 */
@Validated
@ConfigurationProperties(prefix = "baton.registry")
public record RegistryProperties(
        @DefaultValue("data/artifacts") Path artifactDir,
        @DefaultValue("256MB") DataSize maxUploadSize,
        @DefaultValue("true") boolean hotReadCache,
        @DefaultValue("1000") @Min(1) int archiveMaxEntries,
        @DefaultValue("1GB") DataSize archiveMaxUnpackedSize) {

    public RegistryProperties {
        if (archiveMaxUnpackedSize.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.registry.archive-max-unpacked-size must be > 0");
        }
        if (maxUploadSize.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.registry.max-upload-size must be > 0");
        }
    }
}
