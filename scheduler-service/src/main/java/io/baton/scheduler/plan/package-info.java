/**
 * Planning over HTTP: {@link io.baton.scheduler.plan.PlanController} ({@code POST /v1/plans/{policy}}, the same library
 * call as {@code baton plan <policy>}) and {@link io.baton.scheduler.plan.InterferencePlanController} (the allocation
 * the live interference policy routes with).
 */
package io.baton.scheduler.plan;
