/**
 * Who may call the gateway: {@link io.baton.gateway.security.AccessRules} (which routes need which
 * {@link io.baton.gateway.security.Scope}), {@link io.baton.gateway.security.ApiKeyVerifier} (bootstrap keys, then the
 * registry's through {@link io.baton.gateway.security.RegistryKeyClient}, verdicts cached in
 * {@link io.baton.gateway.security.ExpiringCache}), {@link io.baton.gateway.security.Caller} (whose key it was) and
 * {@link io.baton.gateway.security.CrossOrigin} (CORS, only for configured origins). The key filter itself is
 * {@link io.baton.gateway.admin.ApiKeyFilter}.
 */
package io.baton.gateway.security;
