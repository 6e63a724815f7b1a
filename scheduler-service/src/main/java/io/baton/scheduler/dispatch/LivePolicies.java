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
