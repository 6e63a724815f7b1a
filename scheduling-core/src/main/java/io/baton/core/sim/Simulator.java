package io.baton.core.sim;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.metrics.LatencyHistogram;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.Timer;
import io.baton.core.workload.ArrivalSource;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The discrete-event simulator: drives one {@link Dispatcher} on virtual time. Each device runs one
 * batch at a time for ℓ(batch size) × its speed × optional log-normal jitter. The same dispatcher class
 * runs live in scheduler-service on a wall clock, so what is measured here is a statement about the
 * live code.
 *
 * <p>Allocation per request is one {@link Request}; events are long-lived objects re-keyed in an
 * indexed heap. The simulator checks the dispatcher contract as it goes: a request dispatched or
 * dropped twice, or a batch sent to a busy device, is a bug and throws.
 *
 * <p>How long a batch runs is an {@link ExecutionModel}: by default the profile × the device's speed; for
 * heterogeneous devices that slow each other down (the interference paper), a latency per device kind and a
 * co-run slowdown, applied as a progress rate re-evaluated whenever a batch starts or ends.
 *
 * <p>A spec's {@link LivePathCosts} (per batch, per request, transfer) are added to every batch's time on its device
 * after jitter: the live path's costs as measured, not the device's. A {@link RequestObserver} hears every request's
 * end, for per-model figures.
 */
public final class Simulator {

    private static final byte QUEUED = 0, DISPATCHED = 1, FINISHED = 2, DROPPED = 3;

    private final SimulationSpec spec;
    private final Dispatcher dispatcher;
    private final ExecutionModel execution;
    private final RequestObserver observer;
    private final int[] runningModels; // per device, the model it runs or −1 (kept only when execution interferes)
    private final EventHeap heap = new EventHeap();
    private final SplittableRandom jitterRng;
    private final DeviceEvent[] deviceEvents;
    private final ServedModel[] models;
    private final double windowStart, windowEnd;

    private double now;
    private long nextId;
    private byte[] state = new byte[1 << 16];

    // metrics over requests arriving in [windowStart, windowEnd)
    private long late, dropped, batches, batchedRequests, lateStarts;
    private double busyMs;
    private final long[] offeredByModel, goodByModel; // summed for the totals
    private final LatencyHistogram latency = new LatencyHistogram();

    private Simulator(SimulationSpec spec, Dispatcher dispatcher, ExecutionModel execution, RequestObserver observer) {
        this.spec = spec;
        this.dispatcher = dispatcher;
        this.execution = execution;
        this.observer = observer;
        this.runningModels = new int[spec.devices().size()];
        Arrays.fill(runningModels, -1);
        this.jitterRng = new SplittableRandom(spec.seed() ^ 0x9E3779B97F4A7C15L);
        this.models = spec.models().toArray(new ServedModel[0]);
        this.deviceEvents = new DeviceEvent[spec.devices().size()];
        for (int i = 0; i < deviceEvents.length; i++) deviceEvents[i] = new DeviceEvent(spec.devices().get(i));
        this.windowStart = spec.warmupMs();
        this.windowEnd = spec.durationMs();
        this.offeredByModel = new long[models.length];
        this.goodByModel = new long[models.length];
    }

    /** Runs the dispatcher over the spec's workload and reports what it achieved. */
    public static SimulationResult run(SimulationSpec spec, Dispatcher dispatcher) {
        return run(spec, dispatcher, ExecutionModel.PROFILED);
    }

    /** The same, with execution times (and co-run slowdowns) from the given model. */
    public static SimulationResult run(SimulationSpec spec, Dispatcher dispatcher, ExecutionModel execution) {
        return run(spec, dispatcher, execution, RequestObserver.NONE);
    }

    /** The same, telling {@code observer} of every request's end. */
    public static SimulationResult run(SimulationSpec spec, Dispatcher dispatcher, ExecutionModel execution,
                                       RequestObserver observer) {
        if (observer == null) throw new IllegalArgumentException("observer must be set (RequestObserver.NONE for none)");
        return new Simulator(spec, dispatcher, execution, observer).run();
    }

    private SimulationResult run() {
        DispatchContext ctx = new DispatchContext(() -> now, SimTimer::new, spec.devices(), spec.models(), new Sink());
        dispatcher.start(ctx);
        for (ArrivalSource source : spec.arrivals().get()) {
            ArrivalEvent a = new ArrivalEvent(source);
            if (source.advance()) heap.schedule(a, source.timeMs());
        }
        // Past the last arrival, let queued work drain; a generous bound stops a policy whose timers never settle.
        double maxSlo = 0;
        for (ServedModel m : models) maxSlo = Math.max(maxSlo, m.sloMs());
        double stopAt = spec.durationMs() + 100 * maxSlo + 60_000;
        SimEvent e;
        while ((e = heap.pollForFire()) != null) {
            if (e.time > stopAt) break;
            now = e.time;
            e.fire();
        }
        long unfinished = 0;
        for (long id = 0; id < nextId; id++) {
            byte s = state[(int) id];
            if (s == QUEUED || s == DISPATCHED) unfinished++;
        }
        double windowMs = windowEnd - windowStart;
        long offered = Arrays.stream(offeredByModel).sum(), good = Arrays.stream(goodByModel).sum();
        long served = good + late;
        double idle = 1 - busyMs / (windowMs * deviceEvents.length);
        return new SimulationResult(dispatcher.policy(), offered, good, late, dropped + unfinished,
                good * 1000.0 / windowMs,
                offered == 0 ? 0 : (double) (offered - good) / offered,
                served == 0 ? 0 : (double) late / served,
                latency.percentile(50), latency.percentile(99),
                batches == 0 ? 0 : (double) batchedRequests / batches,
                Math.max(0, idle), batches, lateStarts, unfinished, windowMs, worstModelBadRate());
    }

    private double worstModelBadRate() {
        double worst = 0;
        for (int m = 0; m < models.length; m++) {
            if (offeredByModel[m] > 0) worst = Math.max(worst, (double) (offeredByModel[m] - goodByModel[m]) / offeredByModel[m]);
        }
        return worst;
    }

    private boolean inWindow(Request r) {
        return r.arrivalMs >= windowStart && r.arrivalMs < windowEnd;
    }

    private void setState(long id, byte expected, byte next, String what) {
        int i = (int) id;
        byte s = state[i];
        if (s != expected) throw wrongState(id, what, s);
        state[i] = next;
    }

    private IllegalStateException wrongState(long id, String what, byte s) {
        return new IllegalStateException(dispatcher.policy() + " " + what + " request " + id + " in state " + s);
    }

    private final class ArrivalEvent extends SimEvent {
        private final ArrivalSource source;

        ArrivalEvent(ArrivalSource source) {
            this.source = source;
        }

        @Override
        void fire() {
            int model = source.model();
            double deadline = source.deadlineMs();
            if (Double.isNaN(deadline)) deadline = now + models[model].sloMs();
            long id = nextId++;
            if (id >= state.length) state = Arrays.copyOf(state, state.length * 2);
            Request r = new Request(id, model, now, deadline);
            if (inWindow(r)) offeredByModel[model]++;
            if (source.advance()) heap.schedule(this, source.timeMs());
            dispatcher.onArrival(r);
        }
    }

    private final class DeviceEvent extends SimEvent {
        final Device device;
        Batch running;
        // progress-rate bookkeeping, used only when the execution model interferes
        double remainingSoloMs, slowdown, updatedAt, startedAt;

        DeviceEvent(Device device) {
            this.device = device;
        }

        @Override
        void fire() {
            Batch b = running;
            running = null;
            if (execution.interferes()) {
                busyMs += Math.max(0, Math.min(now, windowEnd) - Math.max(startedAt, windowStart));
                runningModels[device.id()] = -1;
                rescheduleRunning();
            }
            for (Request r : b.requests()) {
                setState(r.id, DISPATCHED, FINISHED, "finished");
                observer.served(r, now, b.requests().length);
                if (!inWindow(r)) continue;
                if (now <= r.deadlineMs) goodByModel[r.model]++; else late++;
                latency.record(now - r.arrivalMs);
            }
            dispatcher.onBatchDone(b);
        }
    }

    private final class SimTimer extends SimEvent implements Timer {
        private final Runnable action;

        SimTimer(Runnable action) {
            this.action = action;
        }

        @Override
        public void setAt(double atMs) {
            heap.schedule(this, Math.max(atMs, now));
        }

        @Override
        public void cancel() {
            heap.remove(this);
        }

        @Override
        public boolean armed() {
            return heapIndex >= 0;
        }

        @Override
        public double atMs() {
            return heapIndex >= 0 ? time : Double.POSITIVE_INFINITY;
        }

        @Override
        void fire() {
            action.run();
        }
    }

    private final class Sink implements DispatchSink {
        @Override
        public void dispatch(Batch batch) {
            DeviceEvent dev = deviceEvents[batch.device()];
            if (dev.running != null) throw busyDevice(batch);
            Request[] rs = batch.requests();
            if (rs.length == 0) throw emptyBatch();
            ServedModel m = models[batch.model()];
            double exec = execution.soloMs(m, rs.length, dev.device, now);
            double earliestDeadline = Double.POSITIVE_INFINITY;
            for (Request r : rs) {
                if (r.model != batch.model()) throw mixedBatch();
                setState(r.id, QUEUED, DISPATCHED, "dispatched");
                earliestDeadline = Math.min(earliestDeadline, r.deadlineMs);
            }
            if (now + exec > earliestDeadline + 1e-9) lateStarts++;
            if (spec.jitter() > 0) exec *= jitterFactor();
            exec += spec.costs().batchMs(rs.length);
            dev.running = batch;
            if (execution.interferes()) {
                startInterfering(dev, batch, exec);
            } else {
                double end = now + exec;
                heap.schedule(dev, end);
                busyMs += Math.max(0, Math.min(end, windowEnd) - Math.max(now, windowStart));
            }
            if (now >= windowStart && now < windowEnd) {
                batches++;
                batchedRequests += rs.length;
            }
        }

        // Off the hot path, out of line: keeps dispatch small enough for the JIT to inline.
        private IllegalStateException busyDevice(Batch batch) {
            return new IllegalStateException(dispatcher.policy() + " dispatched to busy device " + batch.device());
        }

        private IllegalStateException emptyBatch() {
            return new IllegalStateException(dispatcher.policy() + " dispatched an empty batch");
        }

        private IllegalStateException mixedBatch() {
            return new IllegalStateException("batch mixes models");
        }

        @Override
        public void drop(Request request, DropReason reason) {
            setState(request.id, QUEUED, DROPPED, "dropped");
            observer.dropped(request, reason);
            if (inWindow(request)) dropped++;
        }
    }

    private void startInterfering(DeviceEvent dev, Batch batch, double exec) {
        dev.remainingSoloMs = exec;
        dev.slowdown = 1;
        dev.updatedAt = now;
        dev.startedAt = now;
        runningModels[batch.device()] = batch.model();
        rescheduleRunning();
    }

    /** The co-runners changed: every running batch's progress so far is banked and its end re-timed at its new rate. */
    private void rescheduleRunning() {
        for (DeviceEvent d : deviceEvents) {
            if (d.running == null) continue;
            d.remainingSoloMs = Math.max(0, d.remainingSoloMs - (now - d.updatedAt) / d.slowdown);
            d.updatedAt = now;
            d.slowdown = execution.slowdown(d.device.id(), runningModels);
            if (!(d.slowdown >= 1)) throw new IllegalStateException("slowdown must be ≥ 1, got " + d.slowdown);
            heap.schedule(d, now + d.remainingSoloMs * d.slowdown);
        }
    }

    /** A log-normal multiplier with mean 1 and σ = the spec's jitter. */
    private double jitterFactor() {
        double s = spec.jitter();
        return Math.exp(s * gaussian() - s * s / 2);
    }

    private double gaussian() {
        // Box–Muller; jitter is off the hot path unless asked for.
        double u1 = jitterRng.nextDouble(), u2 = jitterRng.nextDouble();
        return Math.sqrt(-2 * Math.log(Math.max(u1, 1e-300))) * Math.cos(2 * Math.PI * u2);
    }
}
