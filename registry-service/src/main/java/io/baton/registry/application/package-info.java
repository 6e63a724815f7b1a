/**
 * Applications ({@code /v1/applications}): {@link io.baton.registry.application.ApplicationController},
 * {@link io.baton.registry.application.ApplicationService} (optimistic locking), and
 * {@link io.baton.registry.application.ApplicationViewCache}, which keeps the hot read that gateways and schedulers
 * poll in memory. {@link io.baton.registry.application.Penalty} is SneakPeek's penalty function as stored with an
 * application.
 */
package io.baton.registry.application;
