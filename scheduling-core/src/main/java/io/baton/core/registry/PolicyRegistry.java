package io.baton.core.registry;

import static io.baton.core.policy.PolicyIds.CLOCKWORK;
import static io.baton.core.policy.PolicyIds.INTERFERENCE;
import static io.baton.core.policy.PolicyIds.INTERFERENCE_OFF;
import static io.baton.core.policy.PolicyIds.IPA;
import static io.baton.core.policy.PolicyIds.NEXUS;
import static io.baton.core.policy.PolicyIds.SCHEMBLE;
import static io.baton.core.policy.PolicyIds.SNEAKPEEK;
import static io.baton.core.policy.PolicyIds.SYMPHONY;
import static io.baton.core.policy.PolicyIds.SYMPHONY_SIZING;
import static io.baton.core.policy.PolicyIds.WORK_CONSERVING;

import io.baton.core.baseline.ClockworkDispatcher;
import io.baton.core.baseline.NexusDispatcher;
import io.baton.core.plan.IpaPlanJson;
import io.baton.core.plan.SchemblePlanJson;
import io.baton.core.plan.SneakPeekPlanJson;
import io.baton.core.plan.SymphonySizingPlanJson;
import io.baton.core.registry.PolicyEntry.Planner;
import io.baton.core.symphony.SymphonyDispatcher;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Every scheduling policy Baton knows, one entry each: the registry's validation, the simulator, {@code baton plan},
 * the scheduler's plan endpoint and its live engines all read this list, so adding a policy is one entry here.
 *
 * <p>The order is the one the registry names application policies in (its errors and its OpenAPI enum), then the
 * simulator-only baselines, then the planner-only policies; filtered listings keep it.
 *
 * <p>The names are {@link io.baton.core.policy.PolicyIds}' constants, so that an annotation (an OpenAPI enum) and the
 * policies themselves can name them; everything else reads the entries.
 */
public final class PolicyRegistry {

    /** The application kinds, in the order errors name them. */
    public static final List<String> EVERY_KIND = List.of("single", "ensemble", "pipeline");

    /*
     * Only policies with a live part serve applications: an id the scheduler does not run (a simulator-only baseline
     * such as clockwork or nexus) would otherwise be served by work-conserving without a word at registration. The
     * request-scale dispatchers serve every kind (an ensemble's base models and a pipeline's stages are requests like
     * any other); the three papers' planners serve the kind their paper plans.
     */
    private static final List<PolicyEntry> ENTRIES = List.of(
            new PolicyEntry(SYMPHONY, EVERY_KIND, rates -> SymphonyDispatcher.symphony(), null,
                    LiveEngineKind.DISPATCHER),
            new PolicyEntry(WORK_CONSERVING, EVERY_KIND, rates -> SymphonyDispatcher.workConserving(), null,
                    LiveEngineKind.DISPATCHER),
            new PolicyEntry(INTERFERENCE, EVERY_KIND, null, null, LiveEngineKind.INTERFERENCE),
            new PolicyEntry(INTERFERENCE_OFF, EVERY_KIND, null, null, LiveEngineKind.INTERFERENCE_BLIND),
            new PolicyEntry(SCHEMBLE, List.of("ensemble"), null, new Planner(4, SchemblePlanJson::plan),
                    LiveEngineKind.ENSEMBLE_QUERIES),
            new PolicyEntry(SNEAKPEEK, List.of("single"), null, new Planner(2, SneakPeekPlanJson::plan),
                    LiveEngineKind.SHARED_WINDOWS),
            new PolicyEntry(IPA, List.of("pipeline"), null, new Planner(3, IpaPlanJson::plan),
                    LiveEngineKind.PIPELINE_STAGES),
            new PolicyEntry(CLOCKWORK, List.of(), rates -> new ClockworkDispatcher(), null, LiveEngineKind.NONE),
            new PolicyEntry(NEXUS, List.of(), rates -> new NexusDispatcher(rates, 1), null, LiveEngineKind.NONE),
            new PolicyEntry(SYMPHONY_SIZING, List.of(), null, new Planner(1, SymphonySizingPlanJson::plan),
                    LiveEngineKind.NONE));

    /** What serves the requests of a policy whose engine does not ({@link LiveEngineKind#dispatchesRequests}). */
    private static final PolicyEntry FALLBACK = find(WORK_CONSERVING).orElseThrow();

    private PolicyRegistry() {
    }

    public static List<PolicyEntry> entries() {
        return ENTRIES;
    }

    public static Optional<PolicyEntry> find(String name) {
        return name == null ? Optional.empty() : ENTRIES.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** How the scheduler serves {@code policy} live; {@link LiveEngineKind#NONE} for an id it does not know. */
    public static LiveEngineKind liveKind(String policy) {
        return find(policy).map(PolicyEntry::live).orElse(LiveEngineKind.NONE);
    }

    /** The ids an application may name, in the registry's order. */
    public static List<String> applicationIds() {
        return names(PolicyEntry::applicationSelectable);
    }

    /** The ids a simulation scenario may name, in the registry's order. */
    public static List<String> simulatedIds() {
        return names(e -> e.simulator() != null);
    }

    /** The ids {@code baton plan} and {@code POST /v1/plans/{policy}} plan with, in their listing's order. */
    public static List<String> plannedIds() {
        return ENTRIES.stream().filter(e -> e.planner() != null)
                .sorted(Comparator.comparingInt(e -> e.planner().listed())).map(PolicyEntry::name).toList();
    }

    /** The policy serving the requests of applications whose policy has no per-request dispatcher of its own. */
    public static PolicyEntry fallback() {
        return FALLBACK;
    }

    /**
     * The policy whose dispatcher serves, live, a request of an application naming {@code policy}: the policy itself
     * when it dispatches requests, else {@link #fallback()} (also for an id the registry does not know, such as one
     * stored before the registry checked).
     */
    public static PolicyEntry servingRequests(String policy) {
        return find(policy).filter(e -> e.live().dispatchesRequests()).orElse(FALLBACK);
    }

    private static List<String> names(Predicate<PolicyEntry> which) {
        return ENTRIES.stream().filter(which).map(PolicyEntry::name).toList();
    }
}
