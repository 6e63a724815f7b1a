package io.baton.core.testing;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.policy.DispatchSink;
import java.util.ArrayList;
import java.util.List;

/** A sink that only records what a dispatcher decided, in order: for unit tests without a simulator. */
public final class RecordingSink implements DispatchSink {
    public final List<Batch> batches = new ArrayList<>();
    public final List<Request> dropped = new ArrayList<>();
    public final List<DropReason> reasons = new ArrayList<>();

    @Override
    public void dispatch(Batch batch) {
        batches.add(batch);
    }

    @Override
    public void drop(Request request, DropReason reason) {
        dropped.add(request);
        reasons.add(reason);
    }
}
