package io.baton.registry.variant;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.application.ApplicationRequest;
import io.baton.registry.tensor.TensorSpec;

import io.swagger.v3.oas.annotations.media.Schema;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;

/**
 * The body of {@code POST /v1/applications/{app}/variants} and {@code PUT …/variants/{name}}.
 *
 * @param stage          pipeline stage, from 0; must be 0 (the default) for single and ensemble applications
 * @param artifactDigest SHA-256 of an uploaded ONNX artifact
 * @param inputs         optional: when given, must match the model's own inputs (by name; datatype, rank and every
 *                       dimension the model fixes), otherwise the model's are taken
 * @param outputs        likewise
 * @param maxBatchSize   optional: 0 = the model does not batch along its first axis (each request runs alone, its
 *                       tensors passed as sent); N in [1, 4096] = batches of up to N along axis 0, which needs every
 *                       input and output to have a free first dimension. Left out: 64 when every tensor has one,
 *                       else 0
 * @param inputValues    optional: per input name, the one JSON scalar every element of that input takes in synthetic
 *                       requests (the profiler's, bench live's), for a model whose control flow reads the value: a
 *                       number for numeric datatypes (integral and in range for integer ones), true/false for BOOL, a
 *                       string for BYTES
 * @param version        required by PUT: the version last read (≥ 0)
 */
public record VariantRequest(
        @NotBlank @Pattern(regexp = ApplicationRequest.NAME, message = "must be 1-128 letters, digits, '.', '_' or '-'") String name,
        @Min(0) Integer stage,
        @NotBlank String artifactDigest,
        List<@jakarta.validation.constraints.NotNull @Valid TensorSpec> inputs,
        List<@jakarta.validation.constraints.NotNull @Valid TensorSpec> outputs,
        @PositiveOrZero Long version,
        @Schema(minimum = "0", maximum = "4096", description = "0: the model does not batch along its first axis (each "
                + "request runs alone, its tensors as sent); N: batches of up to N along axis 0 (every input and output "
                + "needs a free first dimension). Left out: 64 when every tensor has a free first dimension, else 0")
        Integer maxBatchSize,
        @Schema(description = "per input name, the one value every element of that input takes in synthetic requests "
                + "(profiling, bench live), for a model whose control flow reads it (e.g. a sample rate): a number for "
                + "numeric datatypes (integral and in range for integer ones), true/false for BOOL, a string for BYTES",
                example = "{\"sr\": 16000}")
        Map<String, JsonNode> inputValues) {

    public VariantRequest {
        stage = stage == null ? 0 : stage;
    }
}
