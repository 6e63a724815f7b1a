package io.baton.core.domain;

/**
 * What a {@code Planner} produces at epoch scale: a placement, a partition, batch sizes, replicas, an
 * allocation matrix ... Each policy has its own record; they share only the policy id, so a plan can
 * be stored and shown without knowing its shape.
 */
public interface Plan {
    /** The policy id that produced this plan. */
    String policy();
}
