package io.baton.core.testing;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;

/**
 * Wraps a {@link Dispatcher} and folds every decision it makes (each dispatch: time, model, device,
 * start, expected latency and request ids in order; each drop: time, request id, reason) into one
 * 64-bit digest. Two runs with equal digests took the same decisions at the same virtual times, to the
 * bit; it costs no memory per decision, so it can pin runs of hundreds of thousands of requests.
 */
public final class DecisionDigest implements Dispatcher {
    private final Dispatcher delegate;
    private long digest = 0x243F6A8885A308D3L;
    private long decisions;

    public DecisionDigest(Dispatcher delegate) {
        this.delegate = delegate;
    }

    /** The digest of every decision so far. */
    public long digest() {
        return digest;
    }

    /** Dispatches plus drops so far. */
    public long decisions() {
        return decisions;
    }

    private void mix(long x) {
        digest = (Long.rotateLeft(digest, 23) ^ x) * 0x9E3779B97F4A7C15L;
    }

    private void mix(double x) {
        mix(Double.doubleToLongBits(x));
    }

    @Override
    public String policy() {
        return delegate.policy();
    }

    @Override
    public void start(DispatchContext ctx) {
        DispatchSink downstream = ctx.sink();
        DispatchSink digesting = new DispatchSink() {
            @Override
            public void dispatch(Batch batch) {
                decisions++;
                mix(1);
                mix(ctx.nowMs());
                mix(batch.model());
                mix(batch.device());
                mix(batch.startMs());
                mix(batch.expectedLatencyMs());
                for (Request r : batch.requests()) mix(r.id);
                downstream.dispatch(batch);
            }

            @Override
            public void drop(Request request, DropReason reason) {
                decisions++;
                mix(2);
                mix(ctx.nowMs());
                mix(request.id);
                mix(reason.ordinal());
                downstream.drop(request, reason);
            }
        };
        delegate.start(new DispatchContext(ctx.clock(), ctx.timers(), ctx.devices(), ctx.models(), digesting));
    }

    @Override
    public void onArrival(Request request) {
        delegate.onArrival(request);
    }

    @Override
    public void onBatchDone(Batch batch) {
        delegate.onBatchDone(batch);
    }
}
