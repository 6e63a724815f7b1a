package io.baton.cli.bench.faults;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** What {@code bench faults} kills (SIGKILL, as a crash) and restarts, in the order it does so. */
public enum Fault {
    WORKER,
    SCHEDULER,
    REGISTRY,
    PROFILER,
    GATEWAY,
    /** The machine's local PostgreSQL cluster the registry runs on (only with {@code --database postgres}). */
    POSTGRES;

    /** The name {@code --faults} and the table use. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The fault called {@code id}, or an {@link IllegalArgumentException} naming the choices. */
    public static Fault of(String id) {
        for (Fault f : values()) {
            if (f.id().equals(id)) return f;
        }
        throw new IllegalArgumentException("unknown fault '" + id + "': " + String.join(", ", ids()));
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(Fault::id).toList();
    }
}
