/**
 * The suite's internal secret on the profiler's port: {@link io.baton.profiler.security.InternalAuthFilter} serves only
 * callers that present it (health probes excepted), {@link io.baton.profiler.security.InternalAuthConfiguration} wires
 * it and sends it on this service's own calls, and {@link io.baton.profiler.security.InternalAuthFailureAnalyzer}
 * reports a missing secret at startup.
 */
package io.baton.profiler.security;
