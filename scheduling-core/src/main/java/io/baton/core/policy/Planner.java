package io.baton.core.policy;

import io.baton.core.domain.Plan;

/**
 * Epoch-scale scheduling: from profiles, cluster state and a load forecast (the input), a plan.
 * Pure: the same input gives the same plan, which is why {@code bin/baton plan} and the scheduler's
 * {@code POST /v1/plans/{policy}} agree.
 */
@FunctionalInterface
public interface Planner<I, P extends Plan> {
    P plan(I input);
}
