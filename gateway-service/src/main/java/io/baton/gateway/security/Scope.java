package io.baton.gateway.security;

/** What an API key may do here: the registry's scopes ({@code admin}, {@code infer}) by their wire names. */
public enum Scope {
    ADMIN("admin"),
    INFER("infer");

    private final String wireName;

    Scope(String wireName) {
        this.wireName = wireName;
    }

    /** The scope of that wire name, or null for one this gateway does not know (ignored: it grants nothing here). */
    static Scope of(String wireName) {
        for (Scope s : values()) {
            if (s.wireName.equals(wireName)) {
                return s;
            }
        }
        return null;
    }
}
