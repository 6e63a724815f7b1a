package io.baton.profiler.registry;

import java.util.List;
import java.util.Map;

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

    /**
     * A variant. {@code maxBatchSize} is null from a registry that does not say (then batching is read from the
     * shapes); {@code profiles} says which device kinds and providers it has a profile for; {@code inputValues}, per
     * input name, the value every element of that input is fed instead of random ones (empty when none).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Variant(String name, int stage, String artifactDigest, List<TensorSpec> inputs,
                          List<TensorSpec> outputs, Integer maxBatchSize, long version, List<ProfileKey> profiles,
                          Map<String, JsonNode> inputValues) {
        public Variant {
            inputValues = inputValues == null ? Map.of() : inputValues;
            inputs = inputs == null ? List.of() : inputs;
            outputs = outputs == null ? List.of() : outputs;
            profiles = profiles == null ? List.of() : profiles;
        }

        public Variant(String name, int stage, String artifactDigest, List<TensorSpec> inputs, List<TensorSpec> outputs) {
            this(name, stage, artifactDigest, inputs, outputs, null, 0, List.of(), Map.of());
        }

        /** Whether it has a profile on this device kind and provider. */
        public boolean profiledOn(String deviceKind, String provider) {
            return profiles.stream().anyMatch(p -> deviceKind.equals(p.deviceKind()) && provider.equals(p.executionProvider()));
        }
    }

    /** Which device kind and execution provider a variant's profile is for (the rest of the profile is not read). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ProfileKey(String deviceKind, String executionProvider) {
    }

    /** An application as list pages show it (only its name is read). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ApplicationName(String name) {
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
