package io.baton.core.interference;

/**
 * §V-A: the pluggable scheduling objective, a score of a simulated outcome (higher is better). The planner
 * keeps the sampled matrix with the highest score (the notes' reading of "selected ... according to the
 * specified scheduling goal"; a feasibility goal is a score that ranks feasible outcomes first).
 */
public interface PlanGoal {

    String name();

    double score(SampleOutcome outcome);

    /** §VI-B: requests finished within their SLO per second. */
    PlanGoal GOODPUT = new PlanGoal() {
        @Override
        public String name() {
            return "goodput";
        }

        @Override
        public double score(SampleOutcome o) {
            return o.goodput();
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
        return new PlanGoal() {
            @Override
            public String name() {
                return "slo" + Math.round(target * 100);
            }

            @Override
            public double score(SampleOutcome o) {
                double a = o.attainment();
                return a >= target ? 2 + a - Math.min(1, o.meanLatencyOverSlo()) : a;
            }
        };
    }

    /**
     * §VI-D (Gavel-style): max over X of min over models of throughput(m, X) / throughput(m, X_m^equal).
     * Throughput counts requests within SLO; throughput(m, X_m^equal) is the rate model m would get with 1/M of
     * every device to itself and no interference, capped at its offered rate (the closed form Gavel uses).
     */
    PlanGoal FAIRNESS = new PlanGoal() {
        @Override
        public String name() {
            return "fairness";
        }

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

    static PlanGoal named(String name) {
        return switch (name) {
            case "goodput" -> GOODPUT;
            case "slo99" -> SLO_99;
            case "fairness" -> FAIRNESS;
            default -> throw new IllegalArgumentException("unknown goal '" + name + "': goodput, slo99 or fairness");
        };
    }
}
