package io.baton.registry.plan;

import java.time.Instant;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.persistence.IdentifiedRow;
import io.baton.registry.persistence.JsonConverters;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A row of {@code plans}: a plan a planner produced, kept as it was (plans are appended, never edited). */
@Entity
@Table(name = "plans")
public class PlanEntity extends IdentifiedRow {

    @Column(nullable = false)
    private String policy;

    @Column(name = "application_id")
    private Long applicationId;

    @Column(nullable = false)
    @Convert(converter = JsonConverters.Json.class)
    private JsonNode body;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected PlanEntity() {
    }

    public PlanEntity(String policy, Long applicationId, JsonNode body, Instant createdAt) {
        this.policy = policy;
        this.applicationId = applicationId;
        this.body = body;
        this.createdAt = createdAt;
    }

    public String policy() { return policy; }
    public Long applicationId() { return applicationId; }
    public JsonNode body() { return body; }
    public Instant createdAt() { return createdAt; }
}
