package io.baton.core.util;

import java.util.List;

/**
 * The argument checks the named value records share (a pipeline, its stages, a simulated model), so that their
 * compact constructors say what they require and every one words its refusal the same way.
 */
public final class Checks {

    private Checks() {
    }

    /** {@code name}, unless it is null or blank: then "{@code what} name must be set". */
    public static String named(String name, String what) {
        if (name == null || name.isBlank()) throw new IllegalArgumentException(what + " name must be set");
        return name;
    }

    /** An unmodifiable copy of {@code items}, unless it is empty: then "{@code owner} needs at least one {@code item}". */
    public static <T> List<T> nonEmptyCopy(List<T> items, String owner, String item) {
        List<T> copy = List.copyOf(items);
        if (copy.isEmpty()) throw new IllegalArgumentException(owner + " needs at least one " + item);
        return copy;
    }
}
