/**
 * The one list of scheduling policies Baton knows: {@link io.baton.core.registry.PolicyRegistry} holds one
 * {@link io.baton.core.registry.PolicyEntry} per policy id (the application kinds it serves, how the simulator builds
 * it, its planner for {@code baton plan} and {@code POST /v1/plans/{policy}}, and the
 * {@link io.baton.core.registry.LiveEngineKind} the scheduler serves it with). What the registry accepts
 * ({@link io.baton.core.registry.ApplicationPolicies}), what a scenario can simulate, what can be planned and what the
 * scheduler runs are all read from it, so a policy is added in one place.
 */
package io.baton.core.registry;
