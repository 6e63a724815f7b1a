package io.baton.profiler.registry;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import io.baton.commons.tensor.TensorSpec;

/**
 * What the profiler reads from registry-service: the parts of its views it needs (other fields are ignored); tensors
 * are the shared {@link TensorSpec}.
 */
public final class RegistryModel {

    private RegistryModel() {
    }

    /** The application as {@code GET /v1/applications/{name}} shows it, with its variants. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Application(String name, String kind, List<String> classes, List<TensorSpec> inputs,
                              List<Variant> variants, JsonNode policyParams) {
        public Application {
            policyParams = policyParams == null ? JsonNodeFactory.instance.objectNode() : policyParams;
            classes = classes == null ? List.of() : classes;
            inputs = inputs == null ? List.of() : inputs;
            variants = variants == null ? List.of() : variants;
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Variant(String name, int stage, String artifactDigest, List<TensorSpec> inputs,
                          List<TensorSpec> outputs) {
    }

    /** A validation dataset: the bytes are the artifacts {@code inputsDigest} and {@code labelsDigest}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Dataset(String name, String inputsDigest, String labelsDigest, int sampleCount, TensorSpec inputSpec) {
    }

    /** One page of a list. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Page<T>(List<T> items, long totalItems) {
    }
}
