package io.baton.registry.dataset;

import io.baton.registry.application.ApplicationRequest;
import io.baton.registry.tensor.TensorSpec;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;

/**
 * The body of {@code POST /v1/applications/{app}/datasets}: a validation set whose bytes were uploaded first as two
 * data artifacts ({@code POST /v1/artifacts?type=data}).
 *
 * <p>Layout of the blobs: {@code inputsDigest} holds one tensor of shape {@code inputSpec.shape}, whose first
 * dimension is {@code sampleCount}, in row-major order, little-endian, of {@code inputSpec.datatype};
 * {@code labelsDigest} holds {@code sampleCount} class indices as little-endian INT32, each in [0, number of class
 * labels of the application) when the application names its classes.
 */
public record DatasetRequest(
        @NotBlank @Pattern(regexp = ApplicationRequest.NAME, message = "must be 1-128 letters, digits, '.', '_' or '-'") String name,
        @NotBlank String inputsDigest,
        @NotBlank String labelsDigest,
        @NotNull @Positive Integer sampleCount,
        @NotNull @Valid TensorSpec inputSpec) {
}
