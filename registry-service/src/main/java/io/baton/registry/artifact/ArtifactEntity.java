package io.baton.registry.artifact;

import java.time.Instant;
import java.util.List;

import io.baton.registry.persistence.TensorSignature;
import io.baton.registry.tensor.TensorSpec;

import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One stored blob: its digest names the file in the {@link ArtifactStore}. Immutable once written. */
@Entity
@Table(name = "artifacts")
public class ArtifactEntity {

    /** What the bytes are: an ONNX model (opened and inspected at upload) or opaque data (a dataset's tensors). */
    public enum MediaType { onnx, data }

    @Id
    private String digest;

    @Column(name = "media_type", nullable = false)
    @jakarta.persistence.Enumerated(jakarta.persistence.EnumType.STRING)
    private MediaType mediaType;

    @Column(name = "size_bytes", nullable = false)
    private long sizeBytes;

    /** An ONNX model's, read at upload; none for data. */
    @Embedded
    @AttributeOverride(name = "inputs", column = @Column(name = "inputs"))
    @AttributeOverride(name = "outputs", column = @Column(name = "outputs"))
    private TensorSignature signature;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected ArtifactEntity() {
    }

    public ArtifactEntity(String digest, MediaType mediaType, long sizeBytes, TensorSignature signature, Instant createdAt) {
        this.digest = digest;
        this.mediaType = mediaType;
        this.sizeBytes = sizeBytes;
        this.signature = signature;
        this.createdAt = createdAt;
    }

    public String digest() { return digest; }
    public MediaType mediaType() { return mediaType; }
    public long sizeBytes() { return sizeBytes; }
    public List<TensorSpec> inputs() { return signature == null ? List.of() : signature.inputs(); }
    public List<TensorSpec> outputs() { return signature == null ? List.of() : signature.outputs(); }
    public Instant createdAt() { return createdAt; }
}
