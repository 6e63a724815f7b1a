package io.baton.scheduler.dispatch;

import java.util.List;
import java.util.function.Supplier;

import io.baton.core.policy.Dispatcher;
import io.baton.core.symphony.SymphonyDispatcher;

/**
 * The request-scale policies the scheduler runs live, by the id an application names in its {@code policy}.
 * Each policy's live part plugs in here; until it does, an application naming it is served by
 * {@code work-conserving} (said once in the log, and shown as {@code servedBy} in the application's readiness).
 */
public final class LivePolicies {

    public static final List<String> LIVE = List.of("symphony", "work-conserving");
    public static final String FALLBACK = "work-conserving";
    /**
     * IPA's live part is epoch planning, not per-request dispatch: {@link io.baton.scheduler.ipa.LivePipelinePlanner}
     * picks each stage's variant and batch size, and the stage's requests are batched by {@code work-conserving}
     * up to that size (IPA's central queue per stage, a batch formed whenever a replica is free).
     */
    public static final String IPA = "ipa";

    private LivePolicies() {
    }

    /** The live policy that serves an application asking for {@code policy}. */
    public static String servedBy(String policy) {
        return policy != null && LIVE.contains(policy) ? policy : FALLBACK;
    }

    public static Supplier<Dispatcher> factory(String livePolicy) {
        return switch (livePolicy) {
            case "symphony" -> SymphonyDispatcher::symphony;
            case "work-conserving" -> SymphonyDispatcher::workConserving;
            default -> throw new IllegalArgumentException("no live policy '" + livePolicy + "'");
        };
    }
}
