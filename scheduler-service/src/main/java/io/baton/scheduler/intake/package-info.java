/**
 * Bounds on request bodies held at once: {@link io.baton.scheduler.intake.RequestBodyBudgetFilter} admits an inference
 * request only when its body fits the {@link io.baton.core.util.InFlightBytes} budget, before the body is read
 * ({@link io.baton.scheduler.intake.RequestBodyProperties}, {@code baton.scheduler.request-bodies.*}).
 */
package io.baton.scheduler.intake;
