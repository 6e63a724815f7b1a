package io.baton.core.baseline;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.PolicyIds;
import io.baton.core.util.DeadlineQueue;
import io.baton.core.util.IndexedMinHeap;

/**
 * Clockwork-like baseline (policy id {@code clockwork}), as Symphony's simulator characterises it
 * (Symphony §5, notes §4): one central controller, work-conserving, any device runs any model. Whenever
 * a device is idle and anything is queued, it picks the model whose head request has the earliest
 * latest-start time (deadline − ℓ(1)), drops requests that can no longer finish even alone, and runs the
 * largest batch that still meets the earliest deadline, at once, without waiting for it to grow.
 */
public final class ClockworkDispatcher implements Dispatcher {
    private DispatchContext ctx;
    private ServedModel[] models;
    private DeadlineQueue[] queues;
    private IndexedMinHeap byLatestStart;   // models with queued requests
    private IndexedMinHeap idleDevices;     // key: time it became free

    @Override
    public String policy() {
        return PolicyIds.CLOCKWORK;
    }

    @Override
    public void start(DispatchContext context) {
        this.ctx = context;
        this.models = context.models().toArray(new ServedModel[0]);
        this.queues = new DeadlineQueue[models.length];
        for (int m = 0; m < models.length; m++) queues[m] = new DeadlineQueue();
        this.byLatestStart = new IndexedMinHeap(models.length);
        this.idleDevices = new IndexedMinHeap(context.devices().size());
        for (int d = 0; d < context.devices().size(); d++) idleDevices.set(d, context.nowMs());
    }

    @Override
    public void onArrival(Request request) {
        DeadlineQueue q = queues[request.model];
        q.add(request);
        rekey(request.model);
        dispatchWhileIdle();
    }

    @Override
    public void onBatchDone(Batch batch) {
        idleDevices.set(batch.device(), ctx.nowMs());
        dispatchWhileIdle();
    }

    private void rekey(int m) {
        Request head = queues[m].peek();
        if (head == null) byLatestStart.remove(m);
        else byLatestStart.set(m, head.deadlineMs - models[m].latencyMs(1));
    }

    private void dispatchWhileIdle() {
        double now = ctx.nowMs();
        while (!idleDevices.isEmpty() && !byLatestStart.isEmpty()) {
            int m = byLatestStart.peek();
            DeadlineQueue q = queues[m];
            LatencyProfile p = models[m].profile();
            double l1 = p.latencyMs(1);
            while (!q.isEmpty() && q.peek().deadlineMs < now + l1) {
                ctx.sink().drop(q.poll(), DropReason.DEADLINE_UNMEETABLE);
            }
            if (q.isEmpty()) {
                byLatestStart.remove(m);
                continue;
            }
            if (byLatestStart.keyOf(m) != q.peek().deadlineMs - l1) {
                rekey(m); // its head changed: another model may be more urgent now
                continue;
            }
            int b = p.largestBatchWithin(q.peek().deadlineMs - now, Math.min(q.size(), models[m].maxBatch()));
            int device = idleDevices.poll();
            ctx.sink().dispatch(new Batch(m, device, q.pollBatch(b), now, p.latencyMs(b)));
            rekey(m);
        }
    }
}
