package io.baton.registry.apikey;

import java.time.Instant;
import java.util.List;

/** A key as lists show it: never the key or its hash, only the prefix it starts with. */
public record ApiKeyView(long id, String name, String prefix, List<ApiKeyScope> scopes, Instant createdAt,
                         Instant lastUsedAt, Instant revokedAt, boolean active) {

    static ApiKeyView of(ApiKeyEntity k) {
        return new ApiKeyView(k.id(), k.name(), k.keyPrefix(), scopes(k), k.createdAt(), k.lastUsedAt(),
                k.revokedAt(), k.active());
    }

    static List<ApiKeyScope> scopes(ApiKeyEntity k) {
        return k.scopes().stream().map(ApiKeyScope::valueOf).toList();
    }
}
