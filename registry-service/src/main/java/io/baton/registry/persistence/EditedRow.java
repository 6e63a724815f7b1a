package io.baton.registry.persistence;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;

/** A versioned row that records when it was created and when a client last replaced it. */
@MappedSuperclass
public abstract class EditedRow extends VersionedRow {

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    /** Stamps a new row's creation; set once, before the row is first saved. */
    protected final void created(Instant now) {
        this.createdAt = now;
    }

    /** Stamps a client's replacement of the row (its creation counts as one). */
    protected final void touch(Instant now) {
        this.updatedAt = now;
    }

    public Instant createdAt() { return createdAt; }
    public Instant updatedAt() { return updatedAt; }
}
