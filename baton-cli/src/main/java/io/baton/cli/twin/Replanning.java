package io.baton.cli.twin;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.Timer;

/**
 * A simulated policy that is restarted whenever the dispatch overhead it plans a model with changes, as the
 * scheduler's engine restarts its policy ({@code LiveEngine.rebuildIfStale}): each restart starts a fresh dispatcher
 * from the factory over fresh timers, with the model table's overheads ({@link ServedModel#wireMs()}) as they are
 * then, and hands it every request still waiting, in arrival order. What an earlier generation does afterwards is
 * ignored: its timers do not fire, its dispatches and drops are not acted on, and a batch it sent is not told to the
 * generation after it when it finishes. A fresh policy believes every device idle, so it may send a batch to a device
 * still running an older generation's batch: the batch waits there (FIFO per device, as a worker queues batches) and
 * runs when the device is free; it is told to its generation when it finishes, as every batch is. A batch sent to a
 * device busy with the same generation's batch is passed on, and the simulator refuses it, as without restarts.
 *
 * <p>This lives here, not in the simulator, which keeps refusing a batch sent to a busy device: for an ordinary
 * policy that is a bug. Restarts happen at the times of {@link Change}s, the recorded moments the live engine's
 * estimate moved.
 */
final class Replanning implements Dispatcher {

    /** From {@code atMs} on, model {@code model} is planned with {@code overheadMs}. */
    record Change(double atMs, int model, double overheadMs) {
    }

    private final Supplier<Dispatcher> factory;
    private final double[] overheadMs;
    private final List<Change> changes;
    private final LinkedHashMap<Long, Request> waiting = new LinkedHashMap<>();
    private final Map<Batch, Integer> generationOf = new IdentityHashMap<>();
    private final List<Timer> timers = new ArrayList<>();

    private DispatchContext outer;
    private Dispatcher current;
    private int generation;
    private int nextChange;
    private int replans;
    private boolean[] busy;
    /** Per device, the latest generation among the batch it runs and those waiting for it. */
    private int[] latestOn;
    private List<ArrayDeque<Batch>> parked;
    private Timer replanTimer;
    private long parkedBatches;

    /**
     * @param factory    a fresh policy object per call
     * @param overheadMs per model id, the overhead its first generation plans with
     * @param changes    later overheads, in time order
     */
    Replanning(Supplier<Dispatcher> factory, double[] overheadMs, List<Change> changes) {
        this.factory = factory;
        this.overheadMs = overheadMs.clone();
        this.changes = List.copyOf(changes);
        for (int i = 1; i < this.changes.size(); i++) {
            if (this.changes.get(i).atMs() < this.changes.get(i - 1).atMs()) {
                throw new IllegalArgumentException("changes must be in time order");
            }
        }
        this.current = factory.get();
    }

    @Override
    public String policy() {
        return current.policy();
    }

    /** Restarts after the first generation. */
    int replans() {
        return replans;
    }

    /** Batches that were sent to a busy device and waited for it. */
    long parkedBatches() {
        return parkedBatches;
    }

    @Override
    public void start(DispatchContext context) {
        if (context.models().size() != overheadMs.length) {
            throw new IllegalArgumentException("one overhead per model: " + overheadMs.length + " for "
                    + context.models().size() + " models");
        }
        outer = context;
        busy = new boolean[context.devices().size()];
        latestOn = new int[busy.length];
        parked = new ArrayList<>();
        for (int d = 0; d < busy.length; d++) parked.add(new ArrayDeque<>());
        replanTimer = context.timers().newTimer(this::replanDue);
        while (nextChange < changes.size() && changes.get(nextChange).atMs() <= context.nowMs()) {
            Change c = changes.get(nextChange++);
            overheadMs[c.model()] = c.overheadMs();
        }
        startGeneration(current);
        armNext();
    }

    @Override
    public void onArrival(Request request) {
        waiting.put(request.id, request);
        current.onArrival(request);
    }

    @Override
    public void onBatchDone(Batch batch) {
        Integer gen = generationOf.remove(batch);
        int device = batch.device();
        busy[device] = false;
        Batch next = parked.get(device).poll();
        if (next != null) {
            busy[device] = true;
            outer.sink().dispatch(next);
        }
        if (gen != null && gen == generation) current.onBatchDone(batch);
    }

    private void replanDue() {
        boolean moved = false;
        double now = outer.nowMs();
        while (nextChange < changes.size() && changes.get(nextChange).atMs() <= now) {
            Change c = changes.get(nextChange++);
            if (overheadMs[c.model()] != c.overheadMs()) moved = true;
            overheadMs[c.model()] = c.overheadMs();
        }
        if (moved) {
            replans++;
            for (Timer t : timers) t.cancel();
            timers.clear();
            current = factory.get();
            startGeneration(current);
            for (Request r : List.copyOf(waiting.values())) {
                if (waiting.get(r.id) == r) current.onArrival(r);
            }
        }
        armNext();
    }

    private void armNext() {
        if (nextChange < changes.size()) replanTimer.setAt(changes.get(nextChange).atMs());
    }

    private void startGeneration(Dispatcher fresh) {
        int gen = ++generation;
        List<ServedModel> table = new ArrayList<>(outer.models().size());
        for (ServedModel m : outer.models()) {
            table.add(new ServedModel(m.id(), m.name(), m.profile(), m.sloMs(), m.maxBatch(), overheadMs[m.id()]));
        }
        fresh.start(new DispatchContext(outer.clock(), action -> {
            Timer t = outer.timers().newTimer(() -> {
                if (gen == generation) action.run();
            });
            timers.add(t);
            return t;
        }, outer.devices(), table, new Sink(gen)));
    }

    /** One generation's decisions: acted on only while it is the running one. */
    private final class Sink implements DispatchSink {
        private final int gen;

        Sink(int gen) {
            this.gen = gen;
        }

        @Override
        public void dispatch(Batch batch) {
            if (gen != generation) return;
            for (Request r : batch.requests()) waiting.remove(r.id);
            generationOf.put(batch, gen);
            int device = batch.device();
            if (busy[device] && latestOn[device] < gen) {
                // busy with what earlier generations sent, which this one cannot know of
                parked.get(device).addLast(batch);
                latestOn[device] = gen;
                parkedBatches++;
                return;
            }
            // busy with this generation's own batch: the simulator refuses it, as it would without restarts
            busy[device] = true;
            latestOn[device] = gen;
            outer.sink().dispatch(batch);
        }

        @Override
        public void drop(Request request, DropReason reason) {
            if (gen != generation) return;
            if (waiting.remove(request.id) != null) outer.sink().drop(request, reason);
        }
    }
}
