package io.baton.registry.apikey;

import jakarta.validation.constraints.NotBlank;

/**
 * The body of {@code POST /internal/v1/api-keys/verify}. The key travels in the body, not in a URL or a header, so
 * that access logs and header dumps never see it; {@link #toString} hides it from debug logging of request bodies.
 */
public record VerifyApiKeyRequest(@NotBlank String key) {

    @Override
    public String toString() {
        return "VerifyApiKeyRequest[key=(hidden)]";
    }
}
