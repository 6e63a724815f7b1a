package io.baton.core.schemble;

/**
 * How much time a scheduler's own planning takes on the clock it runs against (Schemble §VIII Exp-4:
 * δ = 0.001 loses because planning delays inference, so the cost must be charged). Live, the wall clock
 * charges it by itself; in simulation it is the measured wall time of the planner (the default of
 * {@code bench schemble}), or a fixed figure for reproducible tests.
 */
@FunctionalInterface
public interface PlanningCost {
    double ms(long measuredNanos, int bufferedQueries);

    static PlanningCost measured() {
        return (nanos, n) -> nanos / 1e6;
    }

    static PlanningCost fixed(double ms) {
        return (nanos, n) -> ms;
    }

    static PlanningCost none() {
        return (nanos, n) -> 0;
    }
}
