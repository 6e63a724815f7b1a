package io.baton.registry.persistence;

import java.util.Optional;
import java.util.function.Supplier;

import io.baton.registry.web.ApiException;

/**
 * The row a PUT writes: the existing one, or a fresh one when there is none ({@code created}). Replacing checks the
 * body's {@code version} when it sends one (409 when stale); a PUT that sends none replaces whatever is there.
 */
public record Upsert<E extends VersionedRow>(E row, boolean created) {

    public static <E extends VersionedRow> Upsert<E> of(Optional<E> existing, Supplier<E> fresh, Long version) {
        if (existing.isEmpty()) return new Upsert<>(fresh.get(), true);
        E row = existing.get();
        if (version != null && version != row.version()) throw ApiException.staleVersion(version, row.version());
        return new Upsert<>(row, false);
    }
}
