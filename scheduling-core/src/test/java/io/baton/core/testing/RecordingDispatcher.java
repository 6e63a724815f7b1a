package io.baton.core.testing;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Wraps a {@link Dispatcher} and records what goes through it: every arrival, and every sink call
 * (dispatch or drop) in order, with the virtual time at which it was made. {@link #start} hands the
 * delegate a context whose sink records and then forwards to the environment's sink, so the
 * environment's own checks (the simulator's) still run.
 *
 * <p>Single-threaded, as the {@link Dispatcher} contract is; a delegate that calls its sink from other
 * threads (a free-running threaded dispatcher) must not be wrapped by this.
 */
public final class RecordingDispatcher implements Dispatcher {

    /** A dispatch as seen by the sink; comparable across runs (request ids, not request objects). */
    public record Dispatch(double atMs, int model, int device, double startMs, double expectedLatencyMs,
                           List<Long> ids) {}

    /** A drop as seen by the sink. */
    public record Drop(double atMs, long id, int model, DropReason reason) {}

    /** An arrival as the dispatcher was told of it. */
    public record Arrival(long id, int model, double arrivalMs, double deadlineMs) {}

    /** A dispatched batch with the time the sink saw it (for invariant checks on the objects). */
    public record TimedBatch(double atMs, Batch batch) {}

    /** A dropped request with the time the sink saw it and the reason. */
    public record TimedDrop(double atMs, Request request, DropReason reason) {}

    private final Dispatcher delegate;
    private DispatchContext context;

    /** Dispatches and drops in the order the sink saw them ({@link Dispatch} and {@link Drop}). */
    public final List<Object> log = new ArrayList<>();
    public final List<Arrival> arrivals = new ArrayList<>();
    public final List<TimedBatch> batches = new ArrayList<>();
    public final List<TimedDrop> drops = new ArrayList<>();

    public RecordingDispatcher(Dispatcher delegate) {
        this.delegate = delegate;
    }

    public Dispatcher delegate() {
        return delegate;
    }

    public DispatchContext context() {
        return context;
    }

    @Override
    public String policy() {
        return delegate.policy();
    }

    @Override
    public void start(DispatchContext ctx) {
        DispatchSink downstream = ctx.sink();
        DispatchSink recording = new DispatchSink() {
            @Override
            public void dispatch(Batch batch) {
                double now = ctx.nowMs();
                Long[] ids = Arrays.stream(batch.requests()).map(r -> r.id).toArray(Long[]::new);
                log.add(new Dispatch(now, batch.model(), batch.device(), batch.startMs(), batch.expectedLatencyMs(),
                        List.of(ids)));
                batches.add(new TimedBatch(now, batch));
                downstream.dispatch(batch);
            }

            @Override
            public void drop(Request request, DropReason reason) {
                double now = ctx.nowMs();
                log.add(new Drop(now, request.id, request.model, reason));
                drops.add(new TimedDrop(now, request, reason));
                downstream.drop(request, reason);
            }
        };
        this.context = new DispatchContext(ctx.clock(), ctx.timers(), ctx.devices(), ctx.models(), recording);
        delegate.start(context);
    }

    @Override
    public void onArrival(Request request) {
        arrivals.add(new Arrival(request.id, request.model, request.arrivalMs, request.deadlineMs));
        delegate.onArrival(request);
    }

    @Override
    public void onBatchDone(Batch batch) {
        delegate.onBatchDone(batch);
    }
}
