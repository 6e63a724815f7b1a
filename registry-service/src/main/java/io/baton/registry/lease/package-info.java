/**
 * Leases kept in the registry's database: a named role (the active scheduler, {@code scheduler-leader}) held by one
 * caller at a time for a time-to-live it renews. {@link io.baton.registry.lease.LeaseController} serves
 * {@code /internal/v1/leases/{name}}; {@link io.baton.registry.lease.LeaseStore} does each acquire, renewal and
 * release as one conditional statement, timed by the database's clock.
 */
package io.baton.registry.lease;
