package io.baton.worker.artifact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryArtifactSourceTest {

    @TempDir
    Path dir;

    @Test
    void findsArtifactsByDigestNameOrByHashingNamedFiles() throws Exception {
        byte[] named = "model one".getBytes(StandardCharsets.UTF_8);
        byte[] byDigest = "model two".getBytes(StandardCharsets.UTF_8);
        Files.write(dir.resolve("fmnist-linear.onnx"), named);
        Files.write(dir.resolve(Digests.sha256(byDigest) + ".onnx"), byDigest);
        ArtifactSource source = ArtifactSources.of(dir.toUri(), Duration.ofSeconds(1), io.baton.core.security.InternalCredentials.none());

        assertThat(source.fetch(Digests.sha256(named))).isEqualTo(named);
        assertThat(source.fetch(Digests.sha256(byDigest))).isEqualTo(byDigest);
        String unknown = "0".repeat(64);
        assertThatThrownBy(() -> source.fetch(unknown)).isInstanceOf(ArtifactNotFoundException.class)
                .hasMessageContaining(unknown);
    }

    @Test
    void refusesAFileWhoseBytesDoNotMatchItsName() throws Exception {
        String claimed = "ab".repeat(32);
        Files.writeString(dir.resolve(claimed + ".onnx"), "something else");
        assertThatThrownBy(() -> new DirectoryArtifactSource(dir).fetch(claimed))
                .isInstanceOf(ArtifactUnavailableException.class).hasMessageContaining("refusing it");
    }

    @Test
    void acceptsRelativeFileUrisAndRejectsOtherSchemes() {
        assertThat(ArtifactSources.of(URI.create("file:zoo"), Duration.ofSeconds(1), io.baton.core.security.InternalCredentials.none()).describe())
                .endsWith("/zoo").startsWith("file:///");
        assertThatThrownBy(() -> ArtifactSources.of(URI.create("ftp://x"), Duration.ofSeconds(1), io.baton.core.security.InternalCredentials.none()))
                .hasMessageContaining("baton.worker.registry-url");
    }

    @Test
    void digestsAreNormalized() {
        String d = "AB".repeat(32);
        assertThat(Digests.normalize("sha256:" + d)).isEqualTo(d.toLowerCase());
        assertThat(Digests.normalize("abc")).isNull();
    }
}
