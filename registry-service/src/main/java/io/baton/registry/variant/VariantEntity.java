package io.baton.registry.variant;

import java.time.Instant;
import java.util.List;

import io.baton.registry.persistence.JsonConverters;
import io.baton.registry.tensor.TensorSpec;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/** A row of {@code model_variants}: one ONNX model serving one stage of an application. */
@Entity
@Table(name = "model_variants")
public class VariantEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "application_id", nullable = false)
    private long applicationId;

    @Column(nullable = false)
    private String name;

    @Column(nullable = false)
    private int stage;

    @Column(name = "artifact_digest", nullable = false)
    private String artifactDigest;

    @Column(nullable = false)
    @Convert(converter = JsonConverters.TensorSpecs.class)
    private List<TensorSpec> inputs;

    @Column(nullable = false)
    @Convert(converter = JsonConverters.TensorSpecs.class)
    private List<TensorSpec> outputs;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    @Version
    private long version;

    protected VariantEntity() {
    }

    public VariantEntity(long applicationId, String name, Instant now) {
        this.applicationId = applicationId;
        this.name = name;
        this.createdAt = now;
    }

    void apply(int stage, String artifactDigest, List<TensorSpec> inputs, List<TensorSpec> outputs, Instant now) {
        this.stage = stage;
        this.artifactDigest = artifactDigest;
        this.inputs = inputs;
        this.outputs = outputs;
        this.updatedAt = now;
    }

    public Long id() { return id; }
    public long applicationId() { return applicationId; }
    public String name() { return name; }
    public int stage() { return stage; }
    public String artifactDigest() { return artifactDigest; }
    public List<TensorSpec> inputs() { return inputs; }
    public List<TensorSpec> outputs() { return outputs; }
    public Instant createdAt() { return createdAt; }
    public Instant updatedAt() { return updatedAt; }
    public long version() { return version; }
}
