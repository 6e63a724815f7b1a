package io.baton.core.sneakpeek;

import io.baton.core.policy.PolicyIds;
import java.util.ArrayList;
import java.util.List;

/**
 * A named policy of the paper's evaluation (§6.1, Fig. 8): a {@link WindowScheduler} plus whether it sees data-aware
 * accuracies (+da) and the short-circuit candidate (+sc).
 * <ul>
 *   <li>{@code maxacc-edf}, {@code lo-edf}, {@code lo-priority}: {@link RequestLevelScheduler}.</li>
 *   <li>{@code grouped}: Algorithm 1 grouped by application, data-oblivious. Its data-aware variants also split groups
 *       by SneakPeek label (§6.1: "When we evaluate SneakPeek with the grouped approach, we also split groups").</li>
 *   <li>{@code sneakpeek}: the paper's full system, {@code grouped+da+sc}.</li>
 * </ul>
 */
public record SneakPeekPolicy(String name, WindowScheduler scheduler, boolean dataAware, boolean shortCircuit) {

    public static final List<String> BASES = List.of("maxacc-edf", "lo-edf", "lo-priority", "grouped");
    private static final List<String> SUFFIXES = List.of("", "+da", "+sc", "+da+sc");

    /** Every base with every suffix, then {@code sneakpeek}. */
    public static List<String> names() {
        List<String> out = new ArrayList<>();
        for (String b : BASES) for (String s : SUFFIXES) out.add(b + s);
        out.add(PolicyIds.SNEAKPEEK);
        return out;
    }

    public static SneakPeekPolicy named(String name, int threshold, Priority priority) {
        String n = name.equals(PolicyIds.SNEAKPEEK) ? "grouped+da+sc" : name;
        boolean da = n.contains("+da"), sc = n.contains("+sc");
        String base = n.replace("+da", "").replace("+sc", "");
        if (!names().contains(name)) throw new IllegalArgumentException("unknown policy '" + name + "': one of " + String.join(", ", names()));
        WindowScheduler s = switch (base) {
            case "maxacc-edf" -> new RequestLevelScheduler(RequestLevelScheduler.Ordering.EDF, RequestLevelScheduler.Selection.MAX_ACCURACY, priority);
            case "lo-edf" -> new RequestLevelScheduler(RequestLevelScheduler.Ordering.EDF, RequestLevelScheduler.Selection.LOCALLY_OPTIMAL, priority);
            case "lo-priority" -> new RequestLevelScheduler(RequestLevelScheduler.Ordering.PRIORITY, RequestLevelScheduler.Selection.LOCALLY_OPTIMAL, priority);
            case "grouped" -> new GroupedScheduler(threshold, da, priority);
            default -> throw new IllegalArgumentException("unknown policy " + name);
        };
        return new SneakPeekPolicy(name, s, da, sc);
    }

    public static SneakPeekPolicy named(String name) {
        return named(name, GroupedScheduler.DEFAULT_THRESHOLD, Priority.seconds());
    }

    public SchedulingWindow.Options options(ExecutionMode mode, int maxBatch, SchedulingWindow.DeadlineBudget budget) {
        return new SchedulingWindow.Options(dataAware, shortCircuit, mode, maxBatch, budget);
    }
}
