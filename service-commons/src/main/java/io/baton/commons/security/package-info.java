/**
 * The suite's internal secret on an internal service's port (registry, profiler, scheduler, workers):
 * {@link io.baton.commons.security.InternalAuthFilter} serves only callers that present it (health probes excepted),
 * {@link io.baton.commons.security.InternalAuthConfiguration} wires it (a service {@code @Import}s it; the gateway,
 * whose port is public, does not), and {@link io.baton.commons.security.InternalAuthFailureAnalyzer} reports a missing
 * secret at start-up in every service, the gateway included. The secret itself is scheduling-core's
 * {@link io.baton.core.security.InternalCredentials}.
 */
package io.baton.commons.security;
