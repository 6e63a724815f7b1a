package io.baton.registry;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of registry-service, bound from {@code baton.registry.*}.
 *
 * @param artifactDir directory where uploaded ONNX artifacts are stored, one file per variant; a relative path
 *                    resolves against the working directory (default {@code data/artifacts})
 */
@ConfigurationProperties(prefix = "baton.registry")
public record RegistryProperties(
        Path artifactDir) {

    public RegistryProperties {
        if (artifactDir == null) {
            artifactDir = Path.of("data", "artifacts");
        }
    }
}
