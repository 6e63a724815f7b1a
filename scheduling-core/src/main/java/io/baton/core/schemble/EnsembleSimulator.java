package io.baton.core.schemble;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.Timer;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Discrete-event simulation of one ensemble application, driving an unmodified {@link Dispatcher}.
 *
 * <p>Why not {@link io.baton.core.sim.Simulator}: it serves single-model requests, each dispatched
 * exactly once and finished by that one batch. An ensemble query fans out: it is dispatched once per
 * base model of its committed subset ({@link EnsembleQuery#committed()}), each task a one-request
 * {@link Batch} whose {@code model} is the base model, and it completes when the last of those tasks
 * finishes. The seams carry that as they are; only the bookkeeping differs, and it lives here rather than
 * in the shared simulator. Requests carry {@code model} 0 (the one application).
 *
 * <p>Checks the contract as it goes: a task goes only to an idle device hosting its base model, only for
 * a committed model, at most once per (query, model); every query ends completed or dropped.
 */
public final class EnsembleSimulator {

    /** One arrival: when, by when, and the query's edge-derived features. */
    public record Arrival(double timeMs, double deadlineMs, EnsembleQuery query) {}

    private final EnsembleCluster cluster;
    private final Dispatcher dispatcher;
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private final Request[] running;
    private final List<Request> requests = new ArrayList<>();
    private final List<int[]> state = new ArrayList<>(); // {dispatchedMask, doneMask, dropped}
    private final List<double[]> completion = new ArrayList<>();
    private double now;
    private long seq;

    private EnsembleSimulator(EnsembleCluster cluster, Dispatcher dispatcher) {
        this.cluster = cluster;
        this.dispatcher = dispatcher;
        this.running = new Request[cluster.deviceModel().length];
    }

    public static List<QueryOutcome> run(EnsembleCluster cluster, Dispatcher dispatcher, List<Arrival> arrivals) {
        return new EnsembleSimulator(cluster, dispatcher).run(arrivals);
    }

    private List<QueryOutcome> run(List<Arrival> arrivals) {
        List<Device> devices = new ArrayList<>();
        for (int d = 0; d < running.length; d++) devices.add(Device.of(d));
        List<ServedModel> models = new ArrayList<>();
        for (int k = 0; k < cluster.models(); k++) {
            models.add(new ServedModel(k, cluster.modelNames().get(k), LatencyProfile.linear(0, cluster.latencyMs()[k]),
                    1e9, 1));
        }
        dispatcher.start(new DispatchContext(() -> now, SimTimer::new, devices, models, new Sink()));
        for (Arrival a : arrivals) {
            int idx = requests.size();
            requests.add(new Request(idx, 0, a.timeMs(), a.deadlineMs()));
            requests.get(idx).features = a.query();
            state.add(new int[3]);
            completion.add(new double[] {Double.NaN});
            schedule(a.timeMs(), () -> dispatcher.onArrival(requests.get(idx)));
        }
        Event e;
        while ((e = events.poll()) != null) {
            if (e.cancelled) continue;
            now = e.time;
            e.action.run();
        }
        List<QueryOutcome> out = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            Request r = requests.get(i);
            int[] s = state.get(i);
            boolean done = s[2] == 0 && s[1] != 0 && s[1] == EnsembleQuery.of(r).committed();
            if (s[2] == 0 && !done) throw new IllegalStateException(dispatcher.policy() + " left query " + r.id + " unfinished");
            out.add(new QueryOutcome(r.id, EnsembleQuery.of(r).sample, r.arrivalMs, r.deadlineMs, s[2] == 1 ? 0 : s[1],
                    completion.get(i)[0], s[2] == 1));
        }
        return out;
    }

    private Event schedule(double t, Runnable action) {
        Event e = new Event(t, seq++, action);
        events.add(e);
        return e;
    }

    private static final class Event implements Comparable<Event> {
        final double time;
        final long seq;
        final Runnable action;
        boolean cancelled;

        Event(double time, long seq, Runnable action) {
            this.time = time;
            this.seq = seq;
            this.action = action;
        }

        @Override
        public int compareTo(Event o) {
            return time != o.time ? Double.compare(time, o.time) : Long.compare(seq, o.seq);
        }
    }

    private final class SimTimer implements Timer {
        private final Runnable action;
        private Event armed;

        SimTimer(Runnable action) {
            this.action = action;
        }

        @Override
        public void setAt(double atMs) {
            cancel();
            armed = schedule(Math.max(atMs, now), () -> {
                armed = null;
                action.run();
            });
        }

        @Override
        public void cancel() {
            if (armed != null) armed.cancelled = true;
            armed = null;
        }

        @Override
        public boolean armed() {
            return armed != null;
        }

        @Override
        public double atMs() {
            return armed != null ? armed.time : Double.POSITIVE_INFINITY;
        }
    }

    private final class Sink implements DispatchSink {
        @Override
        public void dispatch(Batch b) {
            if (b.requests().length != 1) throw new IllegalStateException("ensemble tasks are one query each");
            Request r = b.requests()[0];
            int d = b.device(), k = b.model();
            if (running[d] != null) throw new IllegalStateException(dispatcher.policy() + " dispatched to busy device " + d);
            if (cluster.deviceModel()[d] != k) throw new IllegalStateException("device " + d + " does not host model " + k);
            int[] s = state.get((int) r.id);
            if (s[2] == 1) throw new IllegalStateException("task for a dropped query");
            if ((EnsembleQuery.of(r).committed() >>> k & 1) == 0) throw new IllegalStateException("task outside the committed subset");
            if ((s[0] >>> k & 1) != 0) throw new IllegalStateException("model " + k + " ran query " + r.id + " twice");
            s[0] |= 1 << k;
            running[d] = r;
            schedule(now + cluster.latencyMs()[k], () -> {
                running[d] = null;
                s[1] |= 1 << k;
                if (s[1] == EnsembleQuery.of(r).committed()) completion.get((int) r.id)[0] = now;
                dispatcher.onBatchDone(b);
            });
        }

        @Override
        public void drop(Request r, DropReason reason) {
            int[] s = state.get((int) r.id);
            if (s[0] != 0 || s[2] != 0) throw new IllegalStateException("dropped a query already started or dropped");
            s[2] = 1;
        }
    }
}
