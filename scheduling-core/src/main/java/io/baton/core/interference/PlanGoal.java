package io.baton.core.interference;

/**
 * §V-A: the pluggable scheduling objective, a score of a simulated outcome (higher is better). The planner
 * keeps the sampled matrix with the highest score (the notes' reading of "selected ... according to the
 * specified scheduling goal"; a feasibility goal is a score that ranks feasible outcomes first).
 */
public interface PlanGoal {

    String name();

    double score(SampleOutcome outcome);

    /**
     * The most requests (dropped or late) a matrix may lose out of {@code offered} over {@code horizonMs} and
     * still score strictly higher than {@code bestScore}; negative when none can. The planner stops simulating a
     * matrix once it has lost more (an exact early exit: the goal's score of such a matrix could only tie or
     * lose). The default, for goals with no such bound (fairness), never stops early.
     */
    default long lossBudget(double bestScore, long offered, double horizonMs) {
        return Long.MAX_VALUE;
    }

    /** offered − the fewest good requests g for which {@code beats(g)} holds (beats is monotone in g); −1 if none. */
    static long budgetFor(long offered, java.util.function.LongPredicate beats) {
        if (!beats.test(offered)) return -1;
        long lo = -1, hi = offered; // beats(hi) holds; find the smallest
        while (hi - lo > 1) {
            long mid = (lo + hi) >>> 1;
            if (mid >= 0 && beats.test(mid)) hi = mid; else lo = mid;
        }
        return offered - hi;
    }

    /** §VI-B: requests finished within their SLO per second. */
    PlanGoal GOODPUT = new Named("goodput") {
        @Override
        public double score(SampleOutcome o) {
            return o.goodput();
        }

        @Override
        public long lossBudget(double bestScore, long offered, double horizonMs) {
            return PlanGoal.budgetFor(offered, g -> g * 1000.0 / horizonMs > bestScore); // as SampleOutcome.goodput()
        }
    };

    /**
     * §VI-C at a given load: throughput with at least 99% of requests within SLO. The paper's metric is the
     * highest load that keeps 99%; at the load planned for, the matrix to keep is the one with the most
     * headroom. Outcomes that reach 99% score 2 + attainment − mean(latency / SLO) (≥ 1: many matrices serve
     * every simulated request in time, and the lower latency then breaks the tie); the others score their
     * attainment (&lt; 1), so the closest to feasible wins when none is feasible.
     */
    PlanGoal SLO_99 = sloAttainment(0.99);

    static PlanGoal sloAttainment(double target) {
        return new Named("slo" + Math.round(target * 100)) {
            @Override
            public double score(SampleOutcome o) {
                double a = o.attainment();
                return a >= target ? 2 + a - Math.min(1, o.meanLatencyOverSlo()) : a;
            }

            /** Once a feasible matrix is known (score ≥ 1), an infeasible one cannot win; before, attainment must rise. */
            @Override
            public long lossBudget(double bestScore, long offered, double horizonMs) {
                if (bestScore >= 1) return PlanGoal.budgetFor(offered, g -> (double) g / offered >= target);
                return PlanGoal.budgetFor(offered, g -> (double) g / offered > bestScore || (double) g / offered >= target);
            }
        };
    }

    /**
     * §VI-D (Gavel-style): max over X of min over models of throughput(m, X) / throughput(m, X_m^equal).
     * Throughput counts requests within SLO; throughput(m, X_m^equal) is the rate model m would get with 1/M of
     * every device to itself and no interference, capped at its offered rate (the closed form Gavel uses).
     */
    PlanGoal FAIRNESS = new Named("fairness") {
        @Override
        public double score(SampleOutcome o) {
            double min = Double.POSITIVE_INFINITY;
            for (int m = 0; m < o.good().length; m++) {
                if (o.fairShareRate()[m] <= 0) continue;
                min = Math.min(min, o.good()[m] * 1000.0 / o.horizonMs() / o.fairShareRate()[m]);
            }
            return min == Double.POSITIVE_INFINITY ? 0 : min;
        }
    };

    /** The goals above, each named once, by its constructor. */
    abstract class Named implements PlanGoal {
        private final String name;

        Named(String name) {
            this.name = name;
        }

        @Override
        public final String name() {
            return name;
        }
    }

    static PlanGoal named(String name) {
        return switch (name) {
            case "goodput" -> GOODPUT;
            case "slo99" -> SLO_99;
            case "fairness" -> FAIRNESS;
            default -> throw new IllegalArgumentException("unknown goal '" + name + "': goodput, slo99 or fairness");
        };
    }
}
