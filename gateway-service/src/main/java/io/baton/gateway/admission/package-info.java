/**
 * Admission of inference requests: one adaptive in-flight limit per application
 * ({@link io.baton.gateway.admission.AdmissionLimit}: additive increase, multiplicative decrease) and a cap on all of
 * them together, both in {@link io.baton.gateway.admission.AdmissionControl}, so that an overloaded suite refuses
 * quickly (503 with Retry-After) instead of queueing until every deadline is lost.
 */
package io.baton.gateway.admission;
