package io.baton.registry.application;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.tensor.TensorSpec;
import io.baton.registry.variant.VariantView;

/**
 * An application as the API shows it. {@code variants} (each with its profiles) is present in
 * {@code GET /v1/applications/{name}}, the one read a scheduler or gateway needs, and absent from list pages.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApplicationView(String name, String kind, String policy, JsonNode policyParams, double sloMs,
                              List<TensorSpec> inputs, List<TensorSpec> outputs, List<String> classes, Penalty penalty,
                              List<VariantView> variants, Instant createdAt, Instant updatedAt, long version) {

    public static ApplicationView of(ApplicationEntity a, List<VariantView> variants) {
        return new ApplicationView(a.name(), a.kind(), a.policy(), a.policyParams(), a.sloMs(), a.inputs(), a.outputs(),
                a.classes(), a.penalty(), variants, a.createdAt(), a.updatedAt(), a.version());
    }
}
