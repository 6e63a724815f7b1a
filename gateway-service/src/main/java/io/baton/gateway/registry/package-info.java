/**
 * The gateway's view of registry-service: application definitions
 * ({@link io.baton.gateway.registry.ApplicationDefinition}, {@link io.baton.gateway.registry.VariantDefinition}) read
 * by {@link io.baton.gateway.registry.RegistryClient} and kept for a TTL by
 * {@link io.baton.gateway.registry.ApplicationCache}, so that serving a request costs no registry round trip.
 */
package io.baton.gateway.registry;
