package io.baton.registry.plan;

import com.fasterxml.jackson.databind.JsonNode;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * The body of {@code POST /v1/plans}.
 *
 * @param application the application the plan is for, or null for a cluster-wide plan (e.g. Symphony's partition)
 * @param plan        the plan as the policy's planner printed it ({@code baton plan <policy>}); stored verbatim
 */
public record PlanRequest(
        @NotBlank @Pattern(regexp = "[a-z0-9][a-z0-9_-]{0,63}", message = "must be a policy id such as symphony") String policy,
        String application,
        @NotNull JsonNode plan) {
}
