package io.baton.core.baseline;

import io.baton.core.domain.Plan;
import io.baton.core.policy.PolicyIds;
import java.util.List;

/**
 * Nexus's epoch plan: which models each device serves, with the batch size and the request rate (per
 * second) it takes of each. A model may span several devices (its full devices plus a share of one).
 */
public record NexusPlan(List<DevicePlan> devices, double loadFactor) implements Plan {

    public record Session(int model, int batch, double rate) {}

    public record DevicePlan(int device, List<Session> sessions, double dutyCycleMs) {}

    @Override
    public String policy() {
        return PolicyIds.NEXUS;
    }
}
