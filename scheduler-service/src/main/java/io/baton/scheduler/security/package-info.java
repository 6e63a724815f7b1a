/**
 * The suite's internal secret on the scheduler's port: {@link io.baton.scheduler.security.InternalAuthFilter} serves
 * only callers that present it (health probes excepted), {@link io.baton.scheduler.security.InternalAuthConfiguration}
 * wires it and sends it on this service's own calls, and
 * {@link io.baton.scheduler.security.InternalAuthFailureAnalyzer} reports a missing secret at startup.
 */
package io.baton.scheduler.security;
