package io.baton.core.onnx;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A directory that holds one model's files and nothing else, readable by this process's user only, deleted when
 * closed. ONNX Runtime resolves a model's external-data locations against the model file's directory (and against the
 * working directory when the model comes as bytes), so a model is opened only from one of these: whatever a location
 * names, the only files there are the model's own.
 */
public final class ModelDirectory implements AutoCloseable {
    /** The model's file name inside the directory. */
    public static final String MODEL_FILE = "model.onnx";

    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private final Path directory;

    private ModelDirectory(Path directory) {
        this.directory = directory;
    }

    /** A new, empty directory under {@code parent} (created when missing), or under the system's temporary directory when null. */
    public static ModelDirectory create(Path parent) {
        try {
            Path dir;
            if (parent == null) {
                dir = POSIX ? Files.createTempDirectory("baton-model-", ownerOnlyDirectory()) : Files.createTempDirectory("baton-model-");
            } else {
                Files.createDirectories(parent);
                dir = POSIX ? Files.createTempDirectory(parent, "model-", ownerOnlyDirectory()) : Files.createTempDirectory(parent, "model-");
            }
            return new ModelDirectory(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a private model directory: " + e.getMessage(), e);
        }
    }

    /** A plain model: its bytes as the directory's only file. */
    public static ModelDirectory of(byte[] model, Path parent) {
        ModelDirectory dir = create(parent);
        try (OutputStream out = dir.newFile(MODEL_FILE)) {
            out.write(model);
            return dir;
        } catch (IOException | RuntimeException e) {
            dir.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /** A plain model file, hard-linked into the directory when it can be (same file system), copied otherwise. */
    public static ModelDirectory of(Path model, Path parent) {
        ModelDirectory dir = create(parent);
        try {
            Path target = dir.directory.resolve(MODEL_FILE);
            try {
                Files.createLink(target, model);
            } catch (IOException | UnsupportedOperationException e) {
                try (InputStream in = Files.newInputStream(model); OutputStream out = dir.newFile(MODEL_FILE)) {
                    in.transferTo(out);
                }
            }
            return dir;
        } catch (IOException | RuntimeException e) {
            dir.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /**
     * Creates a new file (owner read/write only) at {@code relative}, a path already checked to stay inside (its
     * parent directories are created owner-only). Never follows or replaces an existing file.
     */
    OutputStream newFile(String relative) throws IOException {
        Path file = directory.resolve(relative).normalize();
        if (!file.startsWith(directory) || file.equals(directory)) throw new IllegalArgumentException("not inside: " + relative);
        Path parent = file.getParent();
        if (!parent.equals(directory)) {
            if (POSIX) Files.createDirectories(parent, ownerOnlyDirectory());
            else Files.createDirectories(parent);
        }
        if (POSIX) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            return Files.newOutputStream(file, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        }
        return Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    public Path path() {
        return directory;
    }

    /** The model file: what ONNX Runtime opens. */
    public Path model() {
        return directory.resolve(MODEL_FILE);
    }

    /** Deletes the directory and all in it (links themselves, never what they point at); quiet when gone. */
    @Override
    public void close() {
        if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) return;
        try (Stream<Path> all = Files.walk(directory)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the model directory " + directory + ": " + e.getMessage(), e);
        }
    }

    private static FileAttribute<?> ownerOnlyDirectory() {
        return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
    }
}
