package io.baton.cli.bench.live;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every thread of a process and how often each has left the CPU, read from Linux's {@code /proc} (its root a parameter,
 * so that tests can lay out their own): for each {@code PID/task/TID}, its name from {@code comm} and the
 * {@code voluntary_ctxt_switches} (the thread blocked: parked, waited on epoll, a queue, a lock) and
 * {@code nonvoluntary_ctxt_switches} (the kernel took the CPU from it) of its {@code status}. The counters are the
 * thread's own, from its start; a thread that has ended is no longer listed, and what it counted is gone with it.
 */
final class ThreadSwitches {
    /**
     * A trailing number with the separator before it ({@code grpc-intake-13}, {@code GC Thread#3}), or a separator the
     * kernel's 15-byte cut of a longer name left bare ({@code ForkJoinPool-1-}).
     */
    private static final Pattern NUMBERED = Pattern.compile("(?:[-#]?\\d+|[-#])$");

    /** A status file's two counters. */
    record Counts(long voluntary, long nonvoluntary) {}

    /** One thread's name ({@code comm}) and its counters so far. */
    record Task(String name, Counts counts) {}

    private final Path root;

    ThreadSwitches(Path root) {
        this.root = root;
    }

    /**
     * The process's threads now, by TID. A thread that ends while they are read is left out; a process that cannot be
     * read (ended, another user's) throws.
     */
    Map<Long, Task> tasks(long pid) throws IOException {
        Map<Long, Task> tasks = new HashMap<>();
        Path task = root.resolve(pid + "/task");
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(task, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                try {
                    Counts counts = parseCounts(Files.readString(dir.resolve("status")));
                    String name = name(Files.readString(dir.resolve("comm")));
                    tasks.put(Long.parseLong(dir.getFileName().toString()), new Task(name, counts));
                } catch (IOException e) {
                    // a thread that ended between the listing and the reading is simply not there; anything else is not ours to hide
                    if (Files.exists(dir)) throw e;
                }
            }
        }
        return tasks;
    }

    /** The {@code voluntary_ctxt_switches:} and {@code nonvoluntary_ctxt_switches:} lines of a {@code status} file. */
    static Counts parseCounts(String status) {
        Long voluntary = null, nonvoluntary = null;
        for (String line : status.split("\n")) {
            if (line.startsWith("voluntary_ctxt_switches:")) voluntary = value(line);
            else if (line.startsWith("nonvoluntary_ctxt_switches:")) nonvoluntary = value(line);
        }
        if (voluntary == null || nonvoluntary == null) {
            throw new IllegalArgumentException("a status file without voluntary_ctxt_switches and nonvoluntary_ctxt_switches");
        }
        return new Counts(voluntary, nonvoluntary);
    }

    /**
     * The pool a thread belongs to, by its name: without a trailing number and its separator, so that a pool's threads
     * ({@code grpc-intake-1}, {@code grpc-intake-13}) count together; a name the kernel cut to 15 bytes before its number
     * ({@code grpc-default-wo}) stays as it is.
     */
    static String group(String name) {
        String group = NUMBERED.matcher(name).replaceFirst("");
        return group.isEmpty() ? name : group;
    }

    private static long value(String line) {
        return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
    }

    /** A {@code comm} file's content: the name and a newline. */
    private static String name(String comm) {
        return comm.endsWith("\n") ? comm.substring(0, comm.length() - 1) : comm;
    }
}
