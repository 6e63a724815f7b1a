/**
 * The suite's internal secret on the registry's port: {@link io.baton.registry.security.InternalAuthFilter} serves only
 * callers that present it (health probes excepted), {@link io.baton.registry.security.InternalAuthConfiguration} wires
 * it, and {@link io.baton.registry.security.InternalAuthFailureAnalyzer} reports a missing secret at startup.
 */
package io.baton.registry.security;
