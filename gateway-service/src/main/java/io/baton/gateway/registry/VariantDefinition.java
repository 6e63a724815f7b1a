package io.baton.gateway.registry;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.baton.commons.tensor.TensorSpec;

/** One variant of an application as the registry's hot read gives it (profiles are the scheduler's business). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VariantDefinition(String name, int stage, String artifactDigest, List<TensorSpec> inputs,
                                List<TensorSpec> outputs) {

    public VariantDefinition {
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
    }
}
