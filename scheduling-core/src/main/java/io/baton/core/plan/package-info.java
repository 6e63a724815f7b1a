/**
 * The planners as JSON contracts: {@link io.baton.core.plan.Plans#plan} takes a policy name and a JSON body and
 * answers the one line of JSON that {@code baton plan <policy>} prints and scheduler-service's
 * {@code POST /v1/plans/{policy}} returns, so the two can never disagree. One class per planner reads its input and
 * writes its plan ({@link io.baton.core.plan.SymphonySizingPlanJson}, {@link io.baton.core.plan.SneakPeekPlanJson},
 * {@link io.baton.core.plan.IpaPlanJson}, {@link io.baton.core.plan.SchemblePlanJson}); {@link io.baton.core.plan.JsonInput}
 * reads a JSON object field by field and names the field at fault, and {@link io.baton.core.plan.InputException} is
 * bad input as one line (the CLI's exit status 2, the scheduler's 400).
 */
package io.baton.core.plan;
