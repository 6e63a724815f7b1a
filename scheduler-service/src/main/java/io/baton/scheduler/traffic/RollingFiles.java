package io.baton.scheduler.traffic;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.baton.core.workload.RecordedColumns;

/**
 * The recording's files: {@code traffic-<n>.csv} in one directory, {@code n} counting up (zero-padded, so that names
 * sort in order). Each file opens with a comment and the column header, so that any one file replays on its own.
 * Once a file holds {@code maxFileBytes} the next is begun, and files past {@code maxFiles} are deleted oldest first.
 * Written only by the writer thread; {@link #files} may be read by any thread (a file may vanish meanwhile). A
 * temporary directory (none was configured) is deleted, files and all, on {@link #close}.
 */
final class RollingFiles implements AutoCloseable {

    static final String PREFIX = "traffic-", SUFFIX = ".csv";

    private final Path directory;
    private final long maxFileBytes;
    private final int maxFiles;
    private final boolean temporary;
    private BufferedWriter out;
    private long written;
    private long next;

    RollingFiles(Path directory, long maxFileBytes, int maxFiles, boolean temporary) throws IOException {
        this.directory = directory;
        this.maxFileBytes = maxFileBytes;
        this.maxFiles = maxFiles;
        this.temporary = temporary;
        Files.createDirectories(directory);
        List<Path> existing = files();
        next = existing.isEmpty() ? 0 : number(existing.get(existing.size() - 1)) + 1;
    }

    Path directory() {
        return directory;
    }

    /** Appends one line (a newline is added), beginning the next file first when this one is full. */
    void write(String line) throws IOException {
        if (out == null || written >= maxFileBytes) roll();
        out.write(line);
        out.write('\n');
        written += line.length() + 1L; // names are ASCII in practice; a little under for others is harmless
    }

    /** Makes what was written visible to readers. */
    void flush() throws IOException {
        if (out != null) out.flush();
    }

    private void roll() throws IOException {
        if (out != null) out.close();
        Path file = directory.resolve(PREFIX + String.format("%012d", next++) + SUFFIX);
        out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE), StandardCharsets.UTF_8), 1 << 16);
        written = 0;
        String intro = "# baton traffic recording: one line per request the scheduler accepted; timeMs and deadlineMs"
                + " are ms since the Unix epoch";
        out.write(intro);
        out.write('\n');
        out.write(RecordedColumns.HEADER);
        out.write('\n');
        written += intro.length() + RecordedColumns.HEADER.length() + 2;
        List<Path> all = files();
        for (int i = 0; i < all.size() - maxFiles; i++) Files.deleteIfExists(all.get(i));
    }

    /** The recording's files, oldest first. */
    List<Path> files() throws IOException {
        if (!Files.isDirectory(directory)) return List.of();
        try (Stream<Path> s = Files.list(directory)) {
            List<Path> out = new ArrayList<>(s.filter(RollingFiles::isRecording).sorted().toList());
            return out;
        }
    }

    private static boolean isRecording(Path p) {
        String n = p.getFileName().toString();
        return n.startsWith(PREFIX) && n.endsWith(SUFFIX) && n.length() == PREFIX.length() + 12 + SUFFIX.length()
                && n.substring(PREFIX.length(), PREFIX.length() + 12).chars().allMatch(Character::isDigit);
    }

    private static long number(Path p) {
        String n = p.getFileName().toString();
        return Long.parseLong(n.substring(PREFIX.length(), PREFIX.length() + 12));
    }

    @Override
    public void close() throws IOException {
        if (out != null) out.close();
        out = null;
        if (temporary) {
            for (Path f : files()) Files.deleteIfExists(f);
            Files.deleteIfExists(directory);
        }
    }
}
