package io.baton.registry.apikey;

import java.util.List;

/** The answer to a successful verification: whose key it is and what it may do. */
public record VerifiedApiKey(long id, String name, String prefix, List<ApiKeyScope> scopes) {
}
