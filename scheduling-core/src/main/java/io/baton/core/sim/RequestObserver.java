package io.baton.core.sim;

import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;

/**
 * Told of every request's end in a simulated run (in the measured window or not), for figures the
 * {@link SimulationResult}'s totals do not hold, such as per-model ones. Called on the simulator's thread, in
 * virtual-time order; a request the run left unfinished is told of nothing.
 */
public interface RequestObserver {

    /** Nothing to be told. */
    RequestObserver NONE = new RequestObserver() {
        @Override
        public void served(Request request, double finishMs, int batchSize) {
        }

        @Override
        public void dropped(Request request, DropReason reason) {
        }
    };

    /** The request's batch (of {@code batchSize} requests) finished at {@code finishMs}. */
    void served(Request request, double finishMs, int batchSize);

    /** The policy dropped the request. */
    void dropped(Request request, DropReason reason);
}
