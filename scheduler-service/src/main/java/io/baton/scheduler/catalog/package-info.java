/**
 * The applications dispatch serves, as the registry's hot read gives them
 * ({@link io.baton.scheduler.catalog.CatalogApplication}, {@link io.baton.scheduler.catalog.CatalogVariant},
 * {@link io.baton.scheduler.catalog.CatalogProfile}, {@link io.baton.scheduler.catalog.CatalogEnsembleProfile}), read
 * by {@link io.baton.scheduler.catalog.RegistryClient} and kept for a TTL by
 * {@link io.baton.scheduler.catalog.ApplicationCatalog}.
 */
package io.baton.scheduler.catalog;
