package io.baton.registry.persistence;

import java.util.List;

import io.baton.registry.tensor.TensorSpec;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Embeddable;

/**
 * The {@code inputs} and {@code outputs} columns of a row that declares what it takes and gives (an application, a
 * variant): the two always travel together, as JSON lists of tensor specs.
 */
@Embeddable
public record TensorSignature(
        @Column(nullable = false) @Convert(converter = JsonConverters.TensorSpecs.class) List<TensorSpec> inputs,
        @Column(nullable = false) @Convert(converter = JsonConverters.TensorSpecs.class) List<TensorSpec> outputs) {
}
