package io.baton.registry.apikey;

/**
 * What a key may do at the gateway: {@code admin} the admin routes ({@code /v1/**} and the admin page's API calls),
 * {@code infer} the inference routes ({@code /v2/**}) when the gateway requires a key there. An {@code admin} key is
 * accepted for inference too; the gateway decides that, the registry only records the scopes.
 */
public enum ApiKeyScope {
    admin,
    infer
}
