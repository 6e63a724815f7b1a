package io.baton.core.symphony;

import io.baton.core.policy.PolicyIds;

/** When a model's candidate batch becomes schedulable (Symphony §3.2). */
public enum BatchingRule {
    /**
     * Symphony's non-work-conserving rule: schedulable once it holds ≥ β·λ requests, or at
     * sched_at = dl − ℓ(bs+1), the last moment it could still take one more request.
     */
    NON_WORK_CONSERVING(PolicyIds.SYMPHONY),
    /** The comparison policy on the same machinery: schedulable as soon as it is formed. */
    WORK_CONSERVING(PolicyIds.WORK_CONSERVING);

    private final String policyId;

    BatchingRule(String policyId) {
        this.policyId = policyId;
    }

    public String policyId() {
        return policyId;
    }
}
