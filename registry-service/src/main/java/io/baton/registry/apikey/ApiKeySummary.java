package io.baton.registry.apikey;

/**
 * {@code GET /internal/v1/api-keys/summary}: how many keys are active. The gateway closes its admin routes as soon as
 * one is (even with no key configured in it), and leaves them open only while there is none.
 */
public record ApiKeySummary(long active) {
}
