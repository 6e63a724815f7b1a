/**
 * The gateway, the suite's only public service: the Open Inference Protocol v2 REST routes, API keys, request limits
 * and admission, ensemble aggregation and pipeline stages, in front of scheduler-service and registry-service.
 *
 * <p>Entry points: {@link io.baton.gateway.GatewayApplication}, its wiring
 * {@link io.baton.gateway.GatewayConfiguration}, and its settings under {@code baton.gateway.*}: the upstream
 * services in {@link io.baton.gateway.UpstreamProperties}, each other concern's record beside the code that reads it
 * (security, serving, scheduler, admission, edge). {@link io.baton.gateway.GatewayException} is how a refusal travels
 * to the routes' error bodies, and {@link io.baton.gateway.RouteErrors} and {@link io.baton.gateway.JsonErrorReportValve} answer what
 * reaches no controller.
 */
package io.baton.gateway;
