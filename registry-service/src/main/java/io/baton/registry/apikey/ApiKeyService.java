package io.baton.registry.apikey;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.baton.registry.web.ApiException;

/**
 * Issues, lists, revokes and verifies API keys. A key is generated here, returned once, and only its hash is kept;
 * a verification hashes the key it is given and looks the hash up among the active keys. Nothing here logs a key.
 */
@Service
public class ApiKeyService {

    private final ApiKeyRepository keys;
    private final ApiKeySecrets secrets = new ApiKeySecrets();

    public ApiKeyService(ApiKeyRepository keys) {
        this.keys = keys;
    }

    @Transactional
    public CreatedApiKey create(ApiKeyRequest request) {
        String key = secrets.generate();
        List<String> scopes = request.scopes().stream().distinct().sorted().map(Enum::name).toList();
        ApiKeyEntity saved = keys.saveAndFlush(new ApiKeyEntity(request.name(), ApiKeySecrets.hash(key),
                ApiKeySecrets.displayPrefix(key), scopes, Instant.now()));
        return new CreatedApiKey(saved.id(), saved.name(), saved.keyPrefix(), ApiKeyView.scopes(saved),
                saved.createdAt(), key);
    }

    @Transactional(readOnly = true)
    public Page<ApiKeyView> list(Pageable pageable) {
        return keys.findAll(pageable).map(ApiKeyView::of);
    }

    @Transactional(readOnly = true)
    public ApiKeyView get(long id) {
        return ApiKeyView.of(entity(id));
    }

    /** Marks the key revoked (idempotent: revoking a revoked key changes nothing); the row stays for the record. */
    @Transactional
    public void revoke(long id) {
        entity(id).revoke(Instant.now());
    }

    /**
     * The active key {@code key} is, with its scopes, after noting its use; empty for anything else (unknown,
     * revoked, or not of the form keys have: those are not even looked up).
     */
    @Transactional
    public Optional<VerifiedApiKey> verify(String key) {
        if (!ApiKeySecrets.wellFormed(key)) return Optional.empty();
        Optional<ApiKeyEntity> found = keys.findByKeyHashAndRevokedAtIsNull(ApiKeySecrets.hash(key));
        found.ifPresent(k -> keys.markUsed(k.id(), Instant.now()));
        return found.map(k -> new VerifiedApiKey(k.id(), k.name(), k.keyPrefix(), ApiKeyView.scopes(k)));
    }

    @Transactional(readOnly = true)
    public ApiKeySummary summary() {
        return new ApiKeySummary(keys.countByRevokedAtIsNull());
    }

    private ApiKeyEntity entity(long id) {
        return keys.findById(id).orElseThrow(() -> ApiException.notFound("id", "no API key " + id));
    }
}
