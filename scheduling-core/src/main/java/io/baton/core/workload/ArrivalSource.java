package io.baton.core.workload;

/**
 * A cursor over request arrivals in non-decreasing time order. Call {@link #advance()} first; while it
 * returns true the accessors describe the current arrival. Once it returns false the source is
 * exhausted (for example past its horizon) and stays so; the accessors are then unspecified.
 *
 * <p>Implementations are stateful, not thread-safe, and allocation-free per arrival: the simulator pulls
 * millions of arrivals per second through this interface.
 */
public interface ArrivalSource {

    /** Moves to the next arrival; false when there is none (and never again true). */
    boolean advance();

    /** Arrival time of the current arrival, in ms. */
    double timeMs();

    /** Index of the served model the current arrival is for. */
    int model();

    /**
     * Absolute deadline of the current arrival in ms, or {@link Double#NaN} meaning "arrival time + the
     * model's SLO" (the simulator fills that in).
     */
    double deadlineMs();
}
