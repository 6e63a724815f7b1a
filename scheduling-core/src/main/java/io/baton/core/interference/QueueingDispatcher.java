package io.baton.core.interference;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.Dispatcher;
import java.util.ArrayDeque;

/**
 * What the interference paper's runtime and its baselines share: one FIFO queue per model, one request per
 * slot (batch 1), a device that frees or a request that arrives triggers filling every idle device, and the
 * queue hygiene of {@link CreditRule} (drop what cannot finish in time on any device; give a device only a
 * request that can finish in time on it). Subclasses decide which model an idle device serves.
 */
abstract class QueueingDispatcher implements Dispatcher {

    protected final InterferenceWorkload workload;
    protected final int models, devices;
    /** Solo latency, flat [m * devices + d]. */
    protected final double[] solo;
    /** Per model, its solo latency on the fastest device it may use: a head that cannot finish by then is dropped. */
    protected final double[] minSolo;
    private final ArrayDeque<Request>[] queues;
    private final boolean[] busy;
    protected DispatchContext ctx;
    /** Per model, the oldest waiting request's arrival (+∞ if none) and deadline (−∞ if none), as of the current decision. */
    protected final double[] headArrivalMs, headDeadlineMs;

    @SuppressWarnings("unchecked")
    QueueingDispatcher(InterferenceWorkload workload) {
        this.workload = workload;
        this.models = workload.modelCount();
        this.devices = workload.deviceCount();
        solo = new double[models * devices];
        minSolo = new double[models];
        for (int m = 0; m < models; m++) {
            minSolo[m] = Double.POSITIVE_INFINITY;
            for (int d = 0; d < devices; d++) {
                solo[m * devices + d] = workload.soloMs(m, d);
                minSolo[m] = Math.min(minSolo[m], solo[m * devices + d]);
            }
        }
        queues = new ArrayDeque[models];
        for (int m = 0; m < models; m++) queues[m] = new ArrayDeque<>();
        busy = new boolean[devices];
        headArrivalMs = new double[models];
        headDeadlineMs = new double[models];
    }

    @Override
    public void start(DispatchContext context) {
        if (context.models().size() != models || context.devices().size() != devices) {
            throw new IllegalArgumentException(policy() + ": the context has other models or devices than the workload");
        }
        this.ctx = context;
    }

    @Override
    public void onArrival(Request request) {
        beforeEvent(ctx.nowMs());
        queues[request.model].addLast(request);
        fill();
    }

    @Override
    public void onBatchDone(Batch batch) {
        busy[batch.device()] = false;
        beforeEvent(ctx.nowMs());
        fill();
    }

    /**
     * Plans with other solo latencies from now on (flat [m * devices + d]): the live router learns each worker's speed
     * as it runs. Requests already dispatched keep the latency they were sent with.
     */
    protected void updateSolo(double[] flat) {
        if (flat.length != solo.length) throw new IllegalArgumentException("solo latencies are " + solo.length + " entries");
        for (int m = 0; m < models; m++) {
            minSolo[m] = Double.POSITIVE_INFINITY;
            for (int d = 0; d < devices; d++) {
                double s = flat[m * devices + d];
                if (!(s > 0) || Double.isInfinite(s)) throw new IllegalArgumentException("solo latency must be > 0, got " + s);
                solo[m * devices + d] = s;
                minSolo[m] = Math.min(minSolo[m], s);
            }
        }
    }

    /** Hook at every event before any decision (credit reset, rate metering). */
    protected void beforeEvent(double nowMs) {}

    /** The model whose head request idle device d should run now, or −1. */
    protected abstract int choose(int d, double nowMs);

    /** Bookkeeping after model m's request went to device d. */
    protected void charged(int m, int d) {}

    private void fill() {
        double now = ctx.nowMs();
        for (int m = 0; m < models; m++) {
            ArrayDeque<Request> q = queues[m];
            while (!q.isEmpty() && now + minSolo[m] > q.peekFirst().deadlineMs) {
                ctx.sink().drop(q.pollFirst(), DropReason.DEADLINE_UNMEETABLE);
            }
            refreshHead(m);
        }
        for (int d = 0; d < devices; d++) {
            if (busy[d]) continue;
            int m = choose(d, now);
            if (m < 0) continue;
            Request r = queues[m].pollFirst();
            refreshHead(m);
            busy[d] = true;
            charged(m, d);
            ctx.sink().dispatch(new Batch(m, d, new Request[] {r}, now, solo[m * devices + d]));
        }
    }

    private void refreshHead(int m) {
        Request h = queues[m].peekFirst();
        headArrivalMs[m] = h == null ? Double.POSITIVE_INFINITY : h.arrivalMs;
        headDeadlineMs[m] = h == null ? Double.NEGATIVE_INFINITY : h.deadlineMs;
    }
}
