package io.baton.registry.apikey;

import java.time.Instant;
import java.util.List;

/**
 * The answer to {@code POST /v1/api-keys}: the only time the key itself is ever shown. {@link #toString} leaves it
 * out, so that no log line (Spring's debug logging writes response bodies by their toString) can carry it.
 */
public record CreatedApiKey(long id, String name, String prefix, List<ApiKeyScope> scopes, Instant createdAt,
                            String key) {

    @Override
    public String toString() {
        return "CreatedApiKey[id=" + id + ", name=" + name + ", prefix=" + prefix + ", scopes=" + scopes
                + ", createdAt=" + createdAt + ", key=(hidden)]";
    }
}
