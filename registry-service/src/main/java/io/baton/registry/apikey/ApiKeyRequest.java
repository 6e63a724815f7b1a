package io.baton.registry.apikey;

import java.util.List;

import io.baton.registry.application.ApplicationRequest;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * The body of {@code POST /v1/api-keys}: a name people know the key by (not unique: a replacement may share it
 * while the old key is revoked) and its scopes, at least one of {@code admin}, {@code infer}.
 */
public record ApiKeyRequest(
        @NotBlank @Pattern(regexp = ApplicationRequest.NAME, message = "must be 1-128 letters, digits, '.', '_' or '-'") String name,
        @NotEmpty List<@NotNull ApiKeyScope> scopes) {
}
