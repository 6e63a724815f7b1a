/**
 * The gateway, the suite's only public service: the Open Inference Protocol v2 REST routes, API keys, request limits
 * and admission, ensemble aggregation and pipeline stages, in front of scheduler-service and registry-service.
 *
 * <p>Entry points: {@link io.baton.gateway.GatewayApplication}, its wiring
 * {@link io.baton.gateway.GatewayConfiguration} and settings {@link io.baton.gateway.GatewayProperties}
 * ({@code baton.gateway.*}); {@link io.baton.gateway.GatewayException} is how a refusal travels to the routes' error
 * bodies, and {@link io.baton.gateway.RouteErrors} and {@link io.baton.gateway.JsonErrorReportValve} answer what
 * reaches no controller.
 */
package io.baton.gateway;
