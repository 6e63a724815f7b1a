package io.baton.core.policy;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;

/** Where a dispatcher's decisions go: the simulator's devices, or the live scheduler's workers. */
public interface DispatchSink {
    /** Run this batch now on its device. The device is busy until the environment reports it done. */
    void dispatch(Batch batch);

    /** This request will not be served; the reason goes back to its client. */
    void drop(Request request, DropReason reason);
}
