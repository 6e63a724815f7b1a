/**
 * The gateway's defences against its own clients, ahead of every route: request bodies read within a bounded time and
 * rate ({@link io.baton.gateway.edge.BodyReadFilter}, {@link io.baton.gateway.edge.PacedBody}), requests in flight per
 * client address ({@link io.baton.gateway.edge.ClientLimitFilter}), paths served only as written
 * ({@link io.baton.gateway.edge.PathGuardFilter}), each port to its own routes
 * ({@link io.baton.gateway.edge.PortRoleFilter}, the actuator on the management port of
 * {@link io.baton.gateway.edge.ManagementConnector}).
 *
 * <p>Entry point: {@link io.baton.gateway.edge.EdgeConfiguration}, which installs them in order, with
 * {@link io.baton.gateway.edge.EdgeProperties} ({@code baton.gateway.edge.*});
 * {@link io.baton.gateway.edge.EdgeRefusal} writes their refusals.
 */
package io.baton.gateway.edge;
