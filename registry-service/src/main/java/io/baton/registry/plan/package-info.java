/**
 * Plans as planners printed them ({@code /v1/plans}): appended, never edited; the newest of a policy is in force
 * ({@link io.baton.registry.plan.PlanService}).
 */
package io.baton.registry.plan;
