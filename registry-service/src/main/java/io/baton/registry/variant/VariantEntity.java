package io.baton.registry.variant;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.persistence.EditedRow;
import io.baton.registry.persistence.JsonConverters;
import io.baton.registry.persistence.TensorSignature;
import io.baton.registry.tensor.TensorSpec;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A row of {@code model_variants}: one ONNX model serving one stage of an application. */
@Entity
@Table(name = "model_variants")
public class VariantEntity extends EditedRow {

    @Column(name = "application_id", nullable = false)
    private long applicationId;

    @Column(nullable = false)
    private String name;

    @Column(nullable = false)
    private int stage;

    @Column(name = "artifact_digest", nullable = false)
    private String artifactDigest;

    @Embedded
    private TensorSignature signature;

    /** 0: each request runs alone; N ≥ 1: batches of up to N along axis 0 ({@link BatchingRule}). */
    @Column(name = "max_batch_size", nullable = false)
    private int maxBatchSize;

    /** Per input name, the value synthetic requests give every element of it ({@link InputValues}). */
    @Column(name = "input_values", nullable = false)
    @Convert(converter = JsonConverters.JsonByName.class)
    private Map<String, JsonNode> inputValues = Map.of();

    protected VariantEntity() {
    }

    public VariantEntity(long applicationId, String name, Instant now) {
        this.applicationId = applicationId;
        this.name = name;
        created(now);
    }

    void apply(int stage, String artifactDigest, List<TensorSpec> inputs, List<TensorSpec> outputs, int maxBatchSize,
               Map<String, JsonNode> inputValues, Instant now) {
        this.maxBatchSize = maxBatchSize;
        this.inputValues = inputValues;
        this.stage = stage;
        this.artifactDigest = artifactDigest;
        this.signature = new TensorSignature(inputs, outputs);
        touch(now);
    }

    public long applicationId() { return applicationId; }
    public String name() { return name; }
    public int stage() { return stage; }
    public String artifactDigest() { return artifactDigest; }
    public List<TensorSpec> inputs() { return signature.inputs(); }
    public List<TensorSpec> outputs() { return signature.outputs(); }
    public int maxBatchSize() { return maxBatchSize; }
    public Map<String, JsonNode> inputValues() { return inputValues == null ? Map.of() : inputValues; }
}
