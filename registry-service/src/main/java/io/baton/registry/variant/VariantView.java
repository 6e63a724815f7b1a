package io.baton.registry.variant;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.swagger.v3.oas.annotations.media.Schema;

import io.baton.registry.profile.ProfileView;
import io.baton.registry.tensor.TensorSpec;

/**
 * A variant as the API shows it. {@code profiles} is filled by the application's one-read view and by
 * {@code GET …/variants/{name}}; list pages leave it empty. {@code maxBatchSize} is always the effective value
 * (declared or derived, {@link BatchingRule});
 * {@code inputValues} is an empty object when none were given.
 */
public record VariantView(String name, String application, int stage, String artifactDigest, List<TensorSpec> inputs,
                          List<TensorSpec> outputs, List<ProfileView> profiles, Instant createdAt, Instant updatedAt,
                          long version,
                          @Schema(description = "the effective value, declared or derived: 0 = runs each request alone, "
                                  + "N = batches of up to N along axis 0") int maxBatchSize,
                          @Schema(description = "per input name, the value every element of that input takes in "
                                  + "synthetic requests (profiling, bench live); empty when none") Map<String, JsonNode> inputValues) {

    public static VariantView of(VariantEntity v, String application, List<ProfileView> profiles) {
        return new VariantView(v.name(), application, v.stage(), v.artifactDigest(), v.inputs(), v.outputs(), profiles,
                v.createdAt(), v.updatedAt(), v.version(), v.maxBatchSize(), v.inputValues());
    }
}
