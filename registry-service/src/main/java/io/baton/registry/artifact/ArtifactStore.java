package io.baton.registry.artifact;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

import org.springframework.stereotype.Component;

import io.baton.registry.RegistryProperties;

/**
 * A directory of immutable blobs named by the SHA-256 of their bytes: {@code <artifact-dir>/ab/abcdef….bin}.
 * Equal bytes land in the same file, so nothing is ever stored twice. An upload is first staged under
 * {@code <artifact-dir>/tmp} while it is hashed and measured, then moved into place atomically; a reader never sees
 * half a file.
 */
@Component
public class ArtifactStore {

    /** Thrown when a body passes the configured limit; the staged part is already deleted. */
    public static class TooLargeException extends Exception {
        TooLargeException(long limit) {
            super("the upload exceeds the limit of " + limit + " bytes (baton.registry.max-upload-size)");
        }
    }

    /** Bytes hashed and measured, waiting to be committed or discarded. */
    public record Staged(Path file, String digest, long sizeBytes) {
    }

    private final Path root;
    private final Path staging;
    private final Path opening;

    public ArtifactStore(RegistryProperties properties) {
        this.root = properties.artifactDir().toAbsolutePath().normalize();
        this.staging = root.resolve("tmp");
        this.opening = root.resolve("open");
        try {
            Files.createDirectories(staging);
            // Parts left by a process that died mid-upload; this process owns the directory, none is in flight yet.
            try (var stale = Files.list(staging)) {
                stale.forEach(ArtifactStore::discard);
            }
            if (Files.isDirectory(opening)) {
                try (var stale = Files.walk(opening)) {
                    stale.sorted(java.util.Comparator.reverseOrder()).filter(p -> !p.equals(opening)).forEach(ArtifactStore::discard);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the artifact directory " + root, e);
        }
    }

    /** Copies the stream to a staging file, hashing it; refuses more than maxBytes. */
    public Staged stage(InputStream body, long maxBytes) throws TooLargeException {
        Path file = null;
        try {
            file = Files.createTempFile(staging, "upload-", ".part");
            MessageDigest sha256 = sha256();
            long size = 0;
            try (InputStream in = new DigestInputStream(body, sha256); OutputStream out = Files.newOutputStream(file)) {
                byte[] buffer = new byte[64 * 1024];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    size += n;
                    if (size > maxBytes) throw new TooLargeException(maxBytes);
                    out.write(buffer, 0, n);
                }
            }
            return new Staged(file, HexFormat.of().formatHex(sha256.digest()), size);
        } catch (TooLargeException e) {
            discard(file);
            throw e;
        } catch (IOException e) {
            discard(file);
            throw new UncheckedIOException(e);
        }
    }

    /** Moves staged bytes to their content address; when that file exists already the staged copy is dropped. */
    public Path commit(Staged staged) {
        Path target = pathOf(staged.digest());
        try {
            if (Files.exists(target)) {
                discard(staged.file());
                return target;
            }
            Files.createDirectories(target.getParent());
            try {
                Files.move(staged.file(), target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(staged.file(), target);
            }
        } catch (FileAlreadyExistsException e) {
            discard(staged.file()); // another upload of the same bytes won the race: same content, keep theirs
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    public void discard(Staged staged) {
        discard(staged.file());
    }

    public Optional<Path> find(String digest) {
        Path path = pathOf(digest);
        return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
    }

    public void delete(String digest) {
        try {
            Files.deleteIfExists(pathOf(digest));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Where an upload's private model directories are made while ONNX Runtime opens it: beside the staging directory,
     * so that a plain model is hard-linked there rather than copied.
     */
    public Path openingDirectory() {
        return opening;
    }

    /** Where the bytes of this digest live (lowercase hex SHA-256). */
    public Path pathOf(String digest) {
        if (!digest.matches("[0-9a-f]{64}")) throw new IllegalArgumentException("not a SHA-256 digest: " + digest);
        return root.resolve(digest.substring(0, 2)).resolve(digest + ".bin");
    }

    private static void discard(Path file) {
        if (file == null) return;
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stray staging file is harmless: it is never read, and the next start may clean it
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
