package io.baton.core.policy;

/**
 * The id of every policy {@link io.baton.core.registry.PolicyRegistry} registers, typed once: the registry names its
 * entries with these, and the policy objects, plans, benches and the CLI refer to them. They live beside the seams
 * rather than in the registry because the registry builds the policies' dispatchers, and a dispatcher naming itself
 * through the registry would make the two packages depend on each other.
 */
public final class PolicyIds {

    /** Symphony's non-work-conserving batching, and the same machinery batching at once. */
    public static final String SYMPHONY = "symphony", WORK_CONSERVING = "work-conserving";

    /** Interference-aware placement with the trained predictor, and the same planner believing in no interference. */
    public static final String INTERFERENCE = "interference", INTERFERENCE_OFF = "interference-off";

    /** The three papers' planners: ensembles, shared scheduling windows, pipelines. */
    public static final String SCHEMBLE = "schemble", SNEAKPEEK = "sneakpeek", IPA = "ipa";

    /** Simulator-only baselines. */
    public static final String CLOCKWORK = "clockwork", NEXUS = "nexus";

    /** Planner-only: how many devices a model needs. */
    public static final String SYMPHONY_SIZING = "symphony-sizing";

    private PolicyIds() {
    }
}
