/**
 * What the registry's tables have in common: the identity, version and timestamp columns every entity extends
 * ({@link io.baton.registry.persistence.IdentifiedRow}, {@link io.baton.registry.persistence.VersionedRow},
 * {@link io.baton.registry.persistence.EditedRow}) and the owning application's id of a row under one
 * ({@link io.baton.registry.persistence.ApplicationRow}); JSON documents in varchar columns
 * ({@link io.baton.registry.persistence.JsonColumn}, one JPA converter per type in
 * {@link io.baton.registry.persistence.JsonConverters}), so the same migrations run on PostgreSQL and H2; the
 * inputs/outputs pair of tensor specs ({@link io.baton.registry.persistence.TensorSignature}); and how a PUT finds or
 * creates the row it writes ({@link io.baton.registry.persistence.Upsert}).
 */
package io.baton.registry.persistence;
