package io.baton.gateway.registry;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.baton.commons.tensor.TensorSpec;

/**
 * One variant of an application as the registry's hot read gives it (profiles are the scheduler's business).
 *
 * @param maxBatchSize the registry's {@code maxBatchSize}: 0 when the model does not batch along its first axis
 *                     (each request runs alone, its tensors as sent), N ≥ 1 for batches of up to N rows; null when
 *                     the registry does not say (an older one): batchable, as far as the scheduler's profile goes
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VariantDefinition(String name, int stage, String artifactDigest, List<TensorSpec> inputs,
                                List<TensorSpec> outputs, Integer maxBatchSize) {

    @JsonCreator
    public VariantDefinition {
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
    }

    public VariantDefinition(String name, int stage, String artifactDigest, List<TensorSpec> inputs,
                             List<TensorSpec> outputs) {
        this(name, stage, artifactDigest, inputs, outputs, null);
    }

    /** Whether requests for this variant are batched along dimension 0 (every one, unless it says 0). */
    public boolean batchable() {
        return maxBatchSize == null || maxBatchSize >= 1;
    }
}
