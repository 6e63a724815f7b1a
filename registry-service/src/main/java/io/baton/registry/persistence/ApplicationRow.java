package io.baton.registry.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;

/**
 * A versioned row that belongs to one application ({@code application_id}): a validation dataset, an ensemble
 * profile. The API names the application; the id only links the rows.
 */
@MappedSuperclass
public abstract class ApplicationRow extends VersionedRow {

    @Column(name = "application_id", nullable = false)
    private long applicationId;

    protected ApplicationRow() {
    }

    protected ApplicationRow(long applicationId) {
        this.applicationId = applicationId;
    }

    public long applicationId() { return applicationId; }
}
