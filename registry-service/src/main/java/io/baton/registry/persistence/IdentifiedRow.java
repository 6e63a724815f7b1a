package io.baton.registry.persistence;

import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/** A row keyed by the database's own identity column ({@code id}); the id only links rows, it is never public. */
@MappedSuperclass
public abstract class IdentifiedRow {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    public Long id() { return id; }
}
