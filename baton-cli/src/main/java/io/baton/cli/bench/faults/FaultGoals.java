package io.baton.cli.bench.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the suite aims for under each fault, checked against a measured row (reported, never asserted): no request
 * unanswered and no committed write lost, whatever is killed; goodput back to 95% within 5 s of losing a worker and
 * within 10 s of losing the scheduler (its leader, where there are several); losing the registry costs no serving at
 * all.
 */
public final class FaultGoals {
    public static final double WORKER_BACK_SECONDS = 5, SCHEDULER_BACK_SECONDS = 10;

    private FaultGoals() {}

    /** The goals {@code row} misses, each in a few words; empty when it meets them all. */
    public static List<String> missed(FaultRow row) {
        List<String> missed = new ArrayList<>();
        if (row.unanswered() > 0) missed.add(row.unanswered() + " unanswered");
        if (!row.writesLost().isEmpty()) missed.add(row.writesLost().size() + " writes lost");
        double limit = switch (row.fault()) {
            case WORKER -> WORKER_BACK_SECONDS;
            case SCHEDULER -> SCHEDULER_BACK_SECONDS;
            default -> Double.NaN;
        };
        if (!Double.isNaN(limit) && !(row.recovery().backSeconds() <= limit)) {
            missed.add(String.format(Locale.ROOT, "goodput not back within %.0f s", limit));
        }
        // "no serving at all": goodput never falls below 95% of what it was before the registry went
        if (row.fault() == Fault.REGISTRY && !(row.recovery().backSeconds() == 0)) missed.add("goodput dipped");
        return missed;
    }
}
