package io.baton.core.symphony;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.live.Mailbox;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;
import io.baton.core.policy.Timer;
import io.baton.core.util.IndexedMinHeap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Symphony's scalable dispatcher (§3.5): model threads, each owning a shard of the models' {@link
 * ModelQueue}s and running at the request rate, feed one rank thread (per sub-cluster) that holds the
 * devices and binds candidates to them at the much lower batch rate. Threads talk only through
 * lock-free mailboxes; a model publishes its latest candidate into a single slot and marks it dirty, so
 * the rank reads each model at most once however many requests arrived meanwhile.
 *
 * <p>It takes exactly the decisions of {@link SymphonyDispatcher} for the same input order: the rank
 * runs the same {@link Rank} rounds and waits for every command of a round to be answered before the
 * next, and a model answers a grant it could not use by returning the device before publishing its
 * candidate. {@link Mode#STEPPED} makes every call wait until the threads are quiescent and replays
 * their emissions in the single-threaded order, so tests can check that agreement inside the
 * simulator; {@link Mode#FREE_RUNNING} is the live mode on a wall clock.
 *
 * <p>Device emulation (for {@code baton bench scheduler-throughput}): when enabled, a dispatched batch
 * occupies its device for ℓ(batch) of wall time and the rank frees it itself, with no worker behind it.
 */
public final class ThreadedSymphonyDispatcher implements Dispatcher, AutoCloseable {

    public enum Mode { STEPPED, FREE_RUNNING }

    private final BatchingRule rule;
    private final int modelThreads;
    private final Mode mode;
    private final boolean emulateDevices;

    private DispatchContext ctx;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicBoolean running = new AtomicBoolean();
    private ModelQueue[] queues;
    private Mailbox<Object>[] modelInbox;
    private Mailbox<Object> rankInbox;
    private AtomicReferenceArray<CandidateMsg> slots;
    private AtomicIntegerArray dirty;
    private ModelRef[] refs;
    private final List<Thread> threads = new ArrayList<>();
    private DispatchSink sink;

    // STEPPED mode: emissions recorded by the threads, replayed in single-threaded order
    private final List<Emission> emissions = new ArrayList<>();
    private volatile double wakeRequest = Double.NaN;
    private Timer wake;

    // rank-thread state
    private Rank rank;
    private IndexedMinHeap busyUntil;
    private long round;
    private int commandIndex;

    private final AtomicLong dispatchedRequests = new AtomicLong();
    private final AtomicLong droppedRequests = new AtomicLong();
    private final AtomicLong batches = new AtomicLong();

    public ThreadedSymphonyDispatcher(BatchingRule rule, int modelThreads, Mode mode, boolean emulateDevices) {
        if (modelThreads < 1) throw new IllegalArgumentException("modelThreads must be ≥ 1");
        if (emulateDevices && mode == Mode.STEPPED) throw new IllegalArgumentException("device emulation is for free-running mode");
        this.rule = rule;
        this.modelThreads = modelThreads;
        this.mode = mode;
        this.emulateDevices = emulateDevices;
    }

    @Override
    public String policy() {
        return rule.policyId();
    }

    // ---- messages ----
    private record Arrival(Request request) {}

    private record Arrivals(Request[] requests, double nowMs) {}

    private record Grant(int model, int device, double freeAtMs, long round, int index) {}

    private record Refresh(int model, long round, int index) {}

    private record DeviceIdle(int device, double atMs) {}

    private record DeviceBusy(int device, double untilMs) {}

    private record Tick() {}

    private record CandidateMsg(int bs, double execAt, double schedAt, double invalidAfter, long ack) {}

    private record ModelRef(int model) {}

    /** A sink call recorded in STEPPED mode, ordered as the single-threaded dispatcher would make it. */
    private record Emission(long round, int index, int seq, Batch batch, Request dropped, DropReason reason) {}

    @Override
    @SuppressWarnings("unchecked")
    public void start(DispatchContext context) {
        this.ctx = context;
        int nModels = context.models().size();
        int nDevices = context.devices().size();
        this.rank = new Rank(nModels, nDevices);
        this.busyUntil = new IndexedMinHeap(nDevices);
        this.slots = new AtomicReferenceArray<>(nModels);
        this.dirty = new AtomicIntegerArray(nModels);
        this.refs = new ModelRef[nModels];
        AtomicLong counter = mode == Mode.STEPPED ? pending : null;
        this.rankInbox = new Mailbox<>(counter);
        this.modelInbox = new Mailbox[modelThreads];
        ModelWorker[] workers = new ModelWorker[modelThreads];
        for (int t = 0; t < modelThreads; t++) {
            modelInbox[t] = new Mailbox<>(counter);
            workers[t] = new ModelWorker(t);
        }
        this.queues = new ModelQueue[nModels];
        for (int m = 0; m < nModels; m++) {
            refs[m] = new ModelRef(m);
            ModelWorker w = workers[m % modelThreads];
            queues[m] = new ModelQueue(context.models().get(m), ModelQueue.waitMarginFactor(nModels, nDevices), rule, w, w);
        }
        double now = context.nowMs();
        for (int d = 0; d < nDevices; d++) rank.deviceIdle(d, now);
        this.sink = context.sink();
        if (mode == Mode.STEPPED) this.wake = context.timers().newTimer(() -> step(new Tick()));
        running.set(true);
        Thread rt = new Thread(this::rankLoop, "symphony-rank");
        rt.setDaemon(true);
        rankInbox.bind(rt);
        threads.add(rt);
        for (int t = 0; t < modelThreads; t++) {
            Thread mt = new Thread(workers[t]::loop, "symphony-model-" + t);
            mt.setDaemon(true);
            modelInbox[t].bind(mt);
            threads.add(mt);
        }
        threads.forEach(Thread::start);
    }

    @Override
    public void onArrival(Request request) {
        if (mode == Mode.STEPPED) {
            modelInbox[request.model % modelThreads].post(new Arrival(request));
            awaitQuiescence();
        } else {
            modelInbox[request.model % modelThreads].post(new Arrival(request));
        }
    }

    /**
     * Free-running bulk submission: requests of models on one model thread, arrived at nowMs. Used by
     * the throughput benchmark's load generator to amortise the mailbox cost.
     */
    public void submitAll(int modelThread, Request[] requests, double nowMs) {
        modelInbox[modelThread].post(new Arrivals(requests, nowMs));
    }

    public int modelThreadOf(int model) {
        return model % modelThreads;
    }

    @Override
    public void onBatchDone(Batch batch) {
        step(new DeviceIdle(batch.device(), ctx.nowMs()));
    }

    private void step(Object rankMessage) {
        rankInbox.post(rankMessage);
        if (mode == Mode.STEPPED) awaitQuiescence();
    }

    /** Waits until no message is unprocessed anywhere, then (STEPPED) replays the recorded emissions. */
    public void awaitQuiescence() {
        int spins = 0;
        while (pending.get() != 0) {
            if (++spins < 1000) Thread.onSpinWait();
            else Thread.yield();
        }
        if (mode == Mode.STEPPED) {
            List<Emission> es;
            synchronized (emissions) {
                es = new ArrayList<>(emissions);
                emissions.clear();
            }
            es.sort(Comparator.comparingLong(Emission::round).thenComparingInt(Emission::index).thenComparingInt(Emission::seq));
            for (Emission e : es) {
                if (e.batch != null) sink.dispatch(e.batch);
                else sink.drop(e.dropped, e.reason);
            }
            double w = wakeRequest;
            if (Double.isNaN(w) || w == Double.POSITIVE_INFINITY) wake.cancel();
            else if (wake.atMs() != w) wake.setAt(w);
        }
    }

    public long dispatchedRequests() {
        return dispatchedRequests.get();
    }

    public long droppedRequests() {
        return droppedRequests.get();
    }

    public long batches() {
        return batches.get();
    }

    @Override
    public void close() {
        running.set(false);
        rankInbox.wake();
        for (Mailbox<Object> mb : modelInbox) mb.wake();
        for (Thread t : threads) {
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    // ---- model threads ----
    private final class ModelWorker implements CandidateListener, DispatchSink {
        private final int index;
        // the command being handled (STEPPED ordering) and the candidate held back during a grant
        private long tagRound = -1;
        private int tagIndex;
        private int seq;
        private boolean holdCandidate;
        private int heldModel = -1;
        private CandidateMsg held;

        ModelWorker(int index) {
            this.index = index;
        }

        void loop() {
            Mailbox<Object> inbox = modelInbox[index];
            while (running.get()) {
                Object msg = inbox.poll();
                if (msg == null) {
                    inbox.await(Long.MAX_VALUE);
                    continue;
                }
                try {
                    handle(msg);
                } finally {
                    inbox.done();
                }
            }
        }

        private void handle(Object msg) {
            if (msg instanceof Arrival a) {
                tag(-1, 0);
                queues[a.request().model].arrive(a.request(), ctx.nowMs());
            } else if (msg instanceof Arrivals as) {
                tag(-1, 0);
                for (Request r : as.requests()) queues[r.model].arrive(r, as.nowMs());
            } else if (msg instanceof Grant g) {
                tag(g.round(), g.index());
                holdCandidate = true;
                boolean used = queues[g.model()].onGrant(g.device(), ctx.nowMs());
                holdCandidate = false;
                if (!used) rankInbox.post(new DeviceIdle(g.device(), g.freeAtMs()));
                if (heldModel >= 0) {
                    publish(heldModel, held);
                    heldModel = -1;
                    held = null;
                }
            } else if (msg instanceof Refresh r) {
                tag(r.round(), r.index());
                queues[r.model()].onRefresh(ctx.nowMs());
            }
        }

        private void tag(long round, int index) {
            tagRound = round;
            tagIndex = index;
            seq = 0;
        }

        @Override
        public void candidate(int model, int bs, double execAtMs, double schedAtMs, double invalidAfterMs, long ack) {
            CandidateMsg c = new CandidateMsg(bs, execAtMs, schedAtMs, invalidAfterMs, ack);
            if (holdCandidate) {
                heldModel = model;
                held = c;
            } else {
                publish(model, c);
            }
        }

        private void publish(int model, CandidateMsg c) {
            slots.set(model, c);
            if (dirty.getAndSet(model, 1) == 0) rankInbox.post(refs[model]);
        }

        @Override
        public void dispatch(Batch batch) {
            batches.incrementAndGet();
            dispatchedRequests.addAndGet(batch.size());
            if (emulateDevices) {
                double exec = batch.expectedLatencyMs() * ctx.devices().get(batch.device()).speed();
                rankInbox.post(new DeviceBusy(batch.device(), batch.startMs() + exec));
            }
            if (mode == Mode.STEPPED) record(new Emission(tagRound, tagIndex, seq++, batch, null, null));
            else sink.dispatch(batch);
        }

        @Override
        public void drop(Request request, DropReason reason) {
            droppedRequests.incrementAndGet();
            if (mode == Mode.STEPPED) record(new Emission(tagRound, tagIndex, seq++, null, request, reason));
            else sink.drop(request, reason);
        }

        private void record(Emission e) {
            synchronized (emissions) {
                emissions.add(e);
            }
        }
    }

    // ---- the rank thread ----
    private final RankCommands post = new RankCommands() {
        @Override
        public void grant(int model, int device, double deviceFreeAtMs) {
            modelInbox[model % modelThreads].post(new Grant(model, device, deviceFreeAtMs, round, commandIndex++));
        }

        @Override
        public void refresh(int model) {
            modelInbox[model % modelThreads].post(new Refresh(model, round, commandIndex++));
        }
    };

    private void rankLoop() {
        while (running.get()) {
            Object msg = rankInbox.poll();
            if (msg != null) {
                try {
                    handleRank(msg);
                    afterRankMessage();
                } finally {
                    rankInbox.done();
                }
                continue;
            }
            if (emulateDevices && busyUntil.peekKey() <= ctx.nowMs()) {
                afterRankMessage(); // releases the devices whose batch has finished, then decides
                continue;
            }
            long deadline = Long.MAX_VALUE;
            if (mode == Mode.FREE_RUNNING) {
                double next = Math.min(rank.outstanding() == 0 ? rank.nextWakeMs() : Double.POSITIVE_INFINITY,
                        busyUntil.peekKey());
                if (next != Double.POSITIVE_INFINITY) {
                    double waitMs = next - ctx.nowMs();
                    if (waitMs <= 0) {
                        afterRankMessage();
                        continue;
                    }
                    deadline = System.nanoTime() + (long) (waitMs * 1e6);
                }
            }
            rankInbox.await(deadline);
        }
    }

    private void handleRank(Object msg) {
        if (msg instanceof ModelRef ref) {
            int m = ref.model();
            dirty.set(m, 0);
            CandidateMsg c = slots.get(m);
            rank.candidate(m, c.bs(), c.execAt(), c.schedAt(), c.invalidAfter(), c.ack());
        } else if (msg instanceof DeviceIdle di) {
            rank.deviceIdle(di.device(), di.atMs());
        } else if (msg instanceof DeviceBusy db) {
            busyUntil.set(db.device(), db.untilMs());
        }
        // Tick: nothing but the round below
    }

    /** Emulated devices whose batch has finished by now become idle. */
    private void releaseDevices() {
        double now = ctx.nowMs();
        while (busyUntil.peekKey() <= now) {
            double at = busyUntil.peekKey();
            rank.deviceIdle(busyUntil.poll(), at);
        }
    }

    private void afterRankMessage() {
        if (emulateDevices) releaseDevices();
        if (rank.outstanding() == 0) {
            commandIndex = 0;
            int issued = rank.round(ctx.nowMs(), post);
            if (issued > 0) round++;
        }
        if (mode == Mode.STEPPED) {
            wakeRequest = rank.outstanding() == 0 ? rank.nextWakeMs() : Double.NaN;
        }
    }
}
