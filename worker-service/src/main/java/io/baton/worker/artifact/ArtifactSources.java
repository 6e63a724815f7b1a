package io.baton.worker.artifact;

import io.baton.core.security.InternalCredentials;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/** Picks the artifact source named by {@code baton.worker.registry-url}. */
public final class ArtifactSources {

    private ArtifactSources() {
    }

    /** {@code http://} and {@code https://} name a registry; {@code file:} names a directory (absolute or relative). */
    public static ArtifactSource of(URI url, Duration timeout, InternalCredentials credentials) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(java.util.Locale.ROOT);
        return switch (scheme) {
            case "http", "https" -> new HttpArtifactSource(url, timeout, credentials);
            // file:/abs/dir, file:///abs/dir, or file:relative/dir (relative to the working directory)
            case "file" -> new DirectoryArtifactSource(url.isOpaque() ? Path.of(url.getSchemeSpecificPart()) : Path.of(url));
            default -> throw new IllegalArgumentException("baton.worker.registry-url must be http(s):// or file:, got "
                    + url);
        };
    }
}
