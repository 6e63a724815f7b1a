/**
 * Registry-service, the durable state of the suite: applications, variants, ONNX artifacts, validation datasets,
 * profiles, ensemble profiles, plans and API keys, in PostgreSQL (or embedded H2) with Flyway migrations.
 *
 * <p>Entry points: {@link io.baton.registry.RegistryApplication} and {@link io.baton.registry.RegistryProperties}
 * ({@code baton.registry.*}). Each subpackage holds one resource: controller, service, entity, repository, request and
 * view.
 */
package io.baton.registry;
