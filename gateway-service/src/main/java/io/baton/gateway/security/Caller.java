package io.baton.gateway.security;

import java.util.Set;

/**
 * Whoever an accepted key belongs to: {@code name} is the registry key's name and prefix, or {@code bootstrap} for a
 * key configured in {@code baton.gateway.api-keys} (which has every scope). Never the key itself.
 */
public record Caller(String name, Set<Scope> scopes) {

    public Caller {
        scopes = Set.copyOf(scopes);
    }

    public boolean may(Scope scope) {
        return scopes.contains(scope);
    }
}
