package io.baton.registry.persistence;

import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Version;

/** A row that clients replace: its {@code version} column makes concurrent replacements fail instead of interleave. */
@MappedSuperclass
public abstract class VersionedRow extends IdentifiedRow {

    @Version
    private long version;

    public long version() { return version; }
}
