/**
 * The gateway's API keys: issued, listed and revoked under {@code /v1/api-keys}
 * ({@link io.baton.registry.apikey.ApiKeyController}), verified under {@code /internal/v1/api-keys}
 * ({@link io.baton.registry.apikey.ApiKeyVerificationController}). {@link io.baton.registry.apikey.ApiKeyService} does
 * the work; {@link io.baton.registry.apikey.ApiKeySecrets} says what a key looks like and keeps only its SHA-256.
 */
package io.baton.registry.apikey;
