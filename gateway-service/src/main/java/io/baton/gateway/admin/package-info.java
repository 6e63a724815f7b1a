/**
 * The admin page and the admin API behind it: {@code /admin/} as static files
 * ({@link io.baton.gateway.admin.AdminPageConfiguration}), and {@code /v1/**} passed through to the registry
 * ({@link io.baton.gateway.admin.RegistryProxyController}), the profiler
 * ({@link io.baton.gateway.admin.ProfilerProxyController}) and the scheduler
 * ({@link io.baton.gateway.admin.SchedulerAdminController}, and its traffic recording through
 * {@link io.baton.gateway.admin.TrafficProxyController}) by {@link io.baton.gateway.admin.Passthrough}, so that the
 * page talks only to the gateway. {@link io.baton.gateway.admin.ApiKeyFilter} demands a key of the right scope on the
 * routes that need one.
 */
package io.baton.gateway.admin;
