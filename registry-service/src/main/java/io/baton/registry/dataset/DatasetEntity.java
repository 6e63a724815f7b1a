package io.baton.registry.dataset;

import java.time.Instant;

import io.baton.registry.persistence.JsonConverters;
import io.baton.registry.persistence.ApplicationRow;
import io.baton.registry.tensor.TensorSpec;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/**
 * A row of {@code validation_datasets}: an application's labelled samples, whose bytes live in the artifact store
 * as two data blobs (see {@link DatasetRequest} for their layout).
 */
@Entity
@Table(name = "validation_datasets")
public class DatasetEntity extends ApplicationRow {

    @Column(nullable = false)
    private String name;

    @Column(name = "inputs_digest", nullable = false)
    private String inputsDigest;

    @Column(name = "labels_digest", nullable = false)
    private String labelsDigest;

    @Column(name = "sample_count", nullable = false)
    private int sampleCount;

    @Column(name = "input_spec", nullable = false)
    @Convert(converter = JsonConverters.OneTensorSpec.class)
    private TensorSpec inputSpec;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected DatasetEntity() {
    }

    /** A dataset is written once, whole: it is never replaced, only deleted. */
    public DatasetEntity(long applicationId, String name, String inputsDigest, String labelsDigest, int sampleCount,
                         TensorSpec inputSpec, Instant createdAt) {
        super(applicationId);
        this.name = name;
        this.inputsDigest = inputsDigest;
        this.labelsDigest = labelsDigest;
        this.sampleCount = sampleCount;
        this.inputSpec = inputSpec;
        this.createdAt = createdAt;
    }

    public String name() { return name; }
    public String inputsDigest() { return inputsDigest; }
    public String labelsDigest() { return labelsDigest; }
    public int sampleCount() { return sampleCount; }
    public TensorSpec inputSpec() { return inputSpec; }
    public Instant createdAt() { return createdAt; }
}
