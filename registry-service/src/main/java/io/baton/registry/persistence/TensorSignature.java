package io.baton.registry.persistence;

import java.util.List;

import io.baton.registry.tensor.TensorSpec;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Embeddable;

/**
 * What a model takes and gives, in its own order: as ONNX Runtime reads it from an uploaded model, and as an
 * application or a variant declares it. Stored as the {@code inputs} and {@code outputs} columns (JSON lists of tensor
 * specs), which always travel together.
 */
@Embeddable
public record TensorSignature(
        @Column(nullable = false) @Convert(converter = JsonConverters.TensorSpecs.class) List<TensorSpec> inputs,
        @Column(nullable = false) @Convert(converter = JsonConverters.TensorSpecs.class) List<TensorSpec> outputs) {
}
