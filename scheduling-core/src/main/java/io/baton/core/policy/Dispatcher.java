package io.baton.core.policy;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Request;

/**
 * Request-scale scheduling: told of arrivals, device completions and its own timers (through the
 * context), it answers with dispatches (a batch on a device) and drops (with a reason), through the
 * context's sink. Single-threaded: the environment never calls it concurrently.
 *
 * <p>Contract the simulator checks: a request is dispatched at most once; a dispatched batch only
 * goes to a device that is idle; every request ends dispatched or dropped.
 */
public interface Dispatcher {

    /** The policy id ("symphony", "work-conserving", ...). */
    String policy();

    /** Called once, before any other call. */
    void start(DispatchContext context);

    void onArrival(Request request);

    /** The device has finished this batch and is idle now. */
    void onBatchDone(Batch batch);
}
