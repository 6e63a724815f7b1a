package io.baton.scheduler.catalog;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;

import io.baton.commons.tensor.TensorSpec;

/**
 * An application as the registry's hot read ({@code GET /v1/applications/{name}}) gives it: the fields dispatch
 * needs, the rest ignored.
 *
 * @param kind   {@code single}, {@code ensemble} or {@code pipeline}
 * @param policy the scheduling policy id it asked for
 * @param policyParams the policy's parameters as the application set them (none: empty)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CatalogApplication(String name, String kind, String policy, double sloMs, List<TensorSpec> inputs,
                                 List<TensorSpec> outputs, List<CatalogVariant> variants,
                                 Map<String, JsonNode> policyParams) {

    public CatalogApplication {
        policyParams = policyParams == null ? Map.of() : Map.copyOf(policyParams);
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
        variants = variants == null ? List.of() : List.copyOf(variants);
    }

    public boolean single() {
        return "single".equals(kind);
    }

    public Optional<CatalogVariant> variant(String name) {
        return variants.stream().filter(v -> v.name().equals(name)).findFirst();
    }
}
