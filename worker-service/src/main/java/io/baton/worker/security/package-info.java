/**
 * The suite's internal secret on the worker's port: {@link io.baton.worker.security.InternalAuthFilter} serves only
 * callers that present it (health probes excepted), {@link io.baton.worker.security.InternalAuthConfiguration} wires it
 * and sends it on this service's own calls, and {@link io.baton.worker.security.InternalAuthFailureAnalyzer} reports a
 * missing secret at startup.
 */
package io.baton.worker.security;
