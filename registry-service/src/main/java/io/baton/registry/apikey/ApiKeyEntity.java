package io.baton.registry.apikey;

import java.time.Instant;
import java.util.List;

import io.baton.registry.persistence.IdentifiedRow;
import io.baton.registry.persistence.JsonConverters;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A row of {@code api_keys}: the hash of a key, never the key (see {@link ApiKeySecrets}). */
@Entity
@Table(name = "api_keys")
public class ApiKeyEntity extends IdentifiedRow {

    @Column(nullable = false)
    private String name;

    @Column(name = "key_hash", nullable = false, updatable = false)
    private String keyHash;

    @Column(name = "key_prefix", nullable = false, updatable = false)
    private String keyPrefix;

    @Column(nullable = false)
    @Convert(converter = JsonConverters.Strings.class)
    private List<String> scopes;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "last_used_at")
    private Instant lastUsedAt;

    @Column(name = "revoked_at")
    private Instant revokedAt;

    protected ApiKeyEntity() {
    }

    public ApiKeyEntity(String name, String keyHash, String keyPrefix, List<String> scopes, Instant createdAt) {
        this.name = name;
        this.keyHash = keyHash;
        this.keyPrefix = keyPrefix;
        this.scopes = List.copyOf(scopes);
        this.createdAt = createdAt;
    }

    void revoke(Instant at) {
        if (revokedAt == null) revokedAt = at;
    }

    public String name() { return name; }
    public String keyPrefix() { return keyPrefix; }
    public List<String> scopes() { return scopes; }
    public Instant createdAt() { return createdAt; }
    public Instant lastUsedAt() { return lastUsedAt; }
    public Instant revokedAt() { return revokedAt; }
    public boolean active() { return revokedAt == null; }
}
