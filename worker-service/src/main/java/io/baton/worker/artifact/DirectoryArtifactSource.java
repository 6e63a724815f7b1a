package io.baton.worker.artifact;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Artifacts in a local directory ({@code baton.worker.registry-url=file:/dir}), for tests and the quick start.
 *
 * <p>A digest is looked up as {@code {dir}/{sha256}.onnx}, then {@code {dir}/{sha256}}; failing both, every
 * {@code *.onnx} file in the directory is hashed (once per file version) so that a directory of named models, such
 * as the zoo's output, serves each one under its digest.
 */
public final class DirectoryArtifactSource implements ArtifactSource {

    private final Path directory;
    private final Map<Path, Hashed> hashes = new ConcurrentHashMap<>();

    private record Hashed(FileTime modified, long size, String sha256) {
    }

    public DirectoryArtifactSource(Path directory) {
        this.directory = directory;
    }

    @Override
    public byte[] fetch(String sha256) {
        try {
            for (Path candidate : new Path[] {directory.resolve(sha256 + ".onnx"), directory.resolve(sha256)}) {
                if (Files.isRegularFile(candidate)) {
                    return Digests.verified(sha256, Files.readAllBytes(candidate), describe());
                }
            }
            if (!Files.isDirectory(directory)) {
                throw new ArtifactUnavailableException("artifact directory " + directory + " does not exist", null);
            }
            try (Stream<Path> files = Files.list(directory)) {
                for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".onnx"))::iterator) {
                    if (sha256.equals(hashOf(file))) {
                        return Digests.verified(sha256, Files.readAllBytes(file), describe());
                    }
                }
            }
        } catch (IOException e) {
            throw new ArtifactUnavailableException("cannot read " + directory + ": " + e, e);
        }
        throw new ArtifactNotFoundException(sha256, describe());
    }

    private String hashOf(Path file) throws IOException {
        FileTime modified = Files.getLastModifiedTime(file);
        long size = Files.size(file);
        Hashed known = hashes.get(file);
        if (known != null && known.modified().equals(modified) && known.size() == size) {
            return known.sha256();
        }
        String sha = Digests.sha256(Files.readAllBytes(file));
        hashes.put(file, new Hashed(modified, size, sha));
        return sha;
    }

    @Override
    public String describe() {
        return directory.toUri().toString();
    }
}
