package io.baton.registry.plan;

import java.time.Instant;

import com.fasterxml.jackson.databind.JsonNode;

/** A stored plan. */
public record PlanView(long id, String policy, String application, JsonNode plan, Instant createdAt) {
}
