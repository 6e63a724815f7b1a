package io.baton.registry.application;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.persistence.EditedRow;
import io.baton.registry.persistence.JsonConverters;
import io.baton.registry.persistence.TensorSignature;
import io.baton.registry.tensor.TensorSpec;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A row of {@code applications}. The name is the public key; the id only links rows. */
@Entity
@Table(name = "applications")
public class ApplicationEntity extends EditedRow {

    @Column(nullable = false, unique = true)
    private String name;

    @Column(nullable = false)
    private String kind;

    @Column(nullable = false)
    private String policy;

    @Column(name = "policy_params", nullable = false)
    @Convert(converter = JsonConverters.Json.class)
    private JsonNode policyParams;

    @Column(name = "slo_ms", nullable = false)
    private double sloMs;

    @Embedded
    private TensorSignature signature;

    @Column(nullable = false)
    @Convert(converter = JsonConverters.Strings.class)
    private List<String> classes;

    @Convert(converter = JsonConverters.PenaltyColumn.class)
    private Penalty penalty;

    protected ApplicationEntity() {
    }

    public ApplicationEntity(String name, String kind, Instant now) {
        this.name = name;
        this.kind = kind;
        created(now);
        touch(now);
    }

    /** Replaces every field a client may change. */
    void apply(ApplicationRequest r, Instant now) {
        this.policy = r.policy();
        this.policyParams = r.policyParams();
        this.sloMs = r.sloMs();
        this.signature = new TensorSignature(r.inputs(), r.outputs());
        this.classes = r.classes();
        this.penalty = r.penalty();
        touch(now);
    }

    public String name() { return name; }
    public String kind() { return kind; }
    public String policy() { return policy; }
    public JsonNode policyParams() { return policyParams; }
    public double sloMs() { return sloMs; }
    public List<TensorSpec> inputs() { return signature.inputs(); }
    public List<TensorSpec> outputs() { return signature.outputs(); }
    public List<String> classes() { return classes; }
    public Penalty penalty() { return penalty; }
}
