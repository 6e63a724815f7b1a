package io.baton.scheduler.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.trace.RequestTrace;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One scheduling-core {@link Dispatcher} driven on wall time over the live workers: the same policy object the
 * simulator drives on virtual time. Every call into the policy happens on this engine's {@link EventLoop}, which takes
 * messages (arrivals, batch answers, membership changes) from a mailbox and fires the policy's timers in between.
 *
 * <p><b>Workers come and go.</b> A policy is started with a fixed device list and model table, so when either
 * changes (a worker joins or leaves, its breaker opens or closes, a request names a variant not seen before) the
 * engine starts a fresh policy object over the new lists and hands it every request still waiting, in arrival
 * order. Batches already running stay with their workers; their answers still reach their clients, and only the
 * generation that sent a batch hears that it finished. A fresh policy thinks every worker idle, so right after a
 * change a worker may get a batch while it still runs an older one; it queues it (worker-service runs batches in
 * FIFO order). A worker that leaves takes no request with it: the requests of its running batches are re-queued,
 * or failed with the reason when they have been tried {@code maxAttempts} times or their deadline no longer allows
 * it.
 */
public final class LiveEngine extends LoopEngine<PendingRequest> {

    private static final Logger log = LoggerFactory.getLogger(LiveEngine.class);

    private final String policy;
    private final LivePolicies.Factory policies;
    private final EngineContext context;
    private final int maxAttempts;

    /** Requests waiting per application, for the queue-length gauge (written by the engine, read by scrapes). */
    private final ConcurrentHashMap<String, AtomicInteger> waitingPerApp = new ConcurrentHashMap<>();

    // ---- engine-thread state ----
    private final List<LiveVariant> models = new ArrayList<>();
    private final Map<String, Integer> modelIds = new HashMap<>();
    private final Map<String, Worker> members = new LinkedHashMap<>();
    private final Set<String> breakerOpen = new HashSet<>();
    private List<Worker> devices = List.of();
    private final LinkedHashMap<Long, PendingRequest> waiting = new LinkedHashMap<>();
    private final Map<Long, LiveBatch> inFlight = new HashMap<>();
    /** Written only by the engine's thread; volatile so that status reads ({@link #runningPolicy}) see the latest. */
    private volatile Dispatcher dispatcher;
    private int generation;
    /** Per model id, the dispatch overhead the running policy was started with (what its batches are planned with). */
    private double[] plannedOverheadMs = new double[0];
    private boolean stale = true;
    private final VariantOverheads overheads;
    private long nextRequestId;
    private long nextBatchId;

    /** A batch on its way to a worker or running there. */
    private record LiveBatch(long id, int generation, Batch batch, Worker worker, LiveVariant variant,
                             List<PendingRequest> requests, double sentMs, double plannedOverheadMs) {
    }

    public LiveEngine(String policy, LivePolicies.Factory policies, EngineContext context, int maxAttempts,
                      double initialOverheadMs) {
        super(new EventLoop("dispatch-" + policy, policy + " engine", context.clock()));
        this.policy = policy;
        this.policies = policies;
        this.context = context;
        this.maxAttempts = maxAttempts;
        this.overheads = new VariantOverheads(initialOverheadMs);
        this.loop.start();
    }

    public String policy() {
        return policy;
    }

    /**
     * The policy object running now (null while no worker is live): for status reads of what a policy publishes
     * itself as immutable snapshots (never for calls into it: those belong to the engine's thread).
     */
    public Dispatcher runningPolicy() {
        return loop.running() ? dispatcher : null;
    }

    @Override
    public void workerJoined(Worker worker) {
        loop.post(() -> {
            members.put(worker.workerId(), worker);
            breakerOpen.remove(worker.workerId());
            for (LiveVariant v : models) preload(worker, v);
            stale = true;
            rebuildIfStale();
        });
    }

    @Override
    public void workerLeft(Worker worker, String reason) {
        loop.post(() -> {
            if (members.remove(worker.workerId()) == null) return;
            stale = true;
            rebuildIfStale();
            abandonBatchesOn(worker.workerId(), "worker " + worker.workerId() + " left (" + reason + ")");
        });
    }

    @Override
    public void breakerChanged(String workerId, boolean open) {
        loop.post(() -> {
            boolean changed = open ? breakerOpen.add(workerId) : breakerOpen.remove(workerId);
            if (changed && members.containsKey(workerId)) {
                log.warn("worker {}: circuit breaker {}", workerId, open ? "opened, no batches go to it" : "closed again");
                stale = true;
                rebuildIfStale();
            }
        });
    }

    @Override
    public int waiting(String app) {
        AtomicInteger n = waitingPerApp.get(app);
        return n == null ? 0 : n.get();
    }

    @Override
    void answerLeftovers() {
        // Whatever is left is answered, not abandoned.
        for (PendingRequest p : List.copyOf(waiting.values())) {
            p.answer.complete(new InferOutcome.Failed("the scheduler is shutting down"));
        }
        for (LiveBatch b : List.copyOf(inFlight.values())) {
            for (PendingRequest p : b.requests()) {
                p.answer.complete(new InferOutcome.Failed("the scheduler is shutting down"));
            }
        }
    }

    // ---------------------------------------------------------------- the engine's thread

    @Override
    void arrive(PendingRequest p) {
        p.heardMs = context.clock().nowMs();
        if (overheads.update(p.heardMs, models)) stale = true; // also ages out estimates no batch renewed
        int model = modelId(p.job.variant());
        p.request = new Request(nextRequestId++, model, p.arrivalMs, p.deadlineMs, p.job.priority());
        rebuildIfStale();
        if (dispatcher == null) {
            finish(p, new InferOutcome.Dropped(DropReason.NO_DEVICE));
            return;
        }
        enqueue(p);
    }

    private void enqueue(PendingRequest p) {
        waiting.put(p.request.id, p);
        counter(p.job.application()).incrementAndGet();
        dispatcher.onArrival(p.request);
    }

    private int modelId(LiveVariant variant) {
        Integer id = modelIds.get(variant.key());
        if (id != null) return id;
        int fresh = models.size();
        models.add(variant);
        modelIds.put(variant.key(), fresh);
        context.metrics().queue(variant.application(), () -> waiting(variant.application()));
        for (Worker w : members.values()) preload(w, variant);
        stale = true;
        return fresh;
    }

    /** Warms a variant on a worker ahead of its first batch; the batch itself still works if this fails. */
    private void preload(Worker worker, LiveVariant variant) {
        context.workers().preload(worker, variant.digest()).whenComplete((status, error) -> {
            if (error != null || status / 100 != 2) {
                log.debug("preloading {} on {}: {}", variant.variant(), worker.workerId(), error != null ? error : status);
            }
        });
    }

    /** Starts a fresh policy over the present workers and models, and hands it every waiting request. */
    private void rebuildIfStale() {
        if (!stale) return;
        stale = false;
        generation++;
        devices = members.values().stream().filter(w -> !breakerOpen.contains(w.workerId()))
                .sorted(Comparator.comparing(Worker::workerId)).toList();
        if (devices.isEmpty() || models.isEmpty()) {
            dispatcher = null;
            loop.freshTimers();
            for (PendingRequest p : List.copyOf(waiting.values())) {
                dropWaiting(p, DropReason.NO_DEVICE);
            }
            return;
        }
        List<Device> deviceList = new ArrayList<>(devices.size());
        for (int i = 0; i < devices.size(); i++) {
            Worker w = devices.get(i);
            long memMb = Math.max(1, w.device().memoryBudgetBytes() / (1024 * 1024));
            deviceList.add(new Device(i, w.device().kind(), 1.0, memMb));
        }
        List<ServedModel> table = new ArrayList<>(models.size());
        plannedOverheadMs = new double[models.size()];
        for (int i = 0; i < models.size(); i++) {
            LiveVariant v = models.get(i);
            // The wire is latency the deadlines count, not device time the batching rule amortizes.
            double overheadMs = overheads.estimateMs(v);
            plannedOverheadMs[i] = overheadMs;
            table.add(new ServedModel(i, VariantOverheads.nameOf(v), v.planningProfile(), v.sloMs(),
                    v.planningMaxBatch(), overheadMs));
            context.metrics().dispatchOverhead(policy, v.application(), v.variant(), overheadMs);
        }
        WallTimers timers = loop.freshTimers();
        Dispatcher fresh = policies.create(devices, List.copyOf(models));
        fresh.start(new DispatchContext(context.clock(), timers, deviceList, table, new Sink(generation)));
        dispatcher = fresh; // published started: a status read never sees a policy before its start
        log.info("{} engine: policy started over {} worker(s) and {} variant(s), {} request(s) waiting, planning with "
                + "dispatch overhead per batch: {}", policy, devices.size(), models.size(), waiting.size(),
                overheads.describe(models));
        for (PendingRequest p : List.copyOf(waiting.values())) {
            dispatcher.onArrival(p.request);
        }
    }

    /** The policy's decisions, for one generation: a sink outliving its policy ignores what it is told. */
    private final class Sink implements DispatchSink {
        private final int gen;

        Sink(int gen) {
            this.gen = gen;
        }

        @Override
        public void dispatch(Batch batch) {
            if (gen != generation) return;
            send(batch);
        }

        @Override
        public void drop(Request request, DropReason reason) {
            if (gen != generation) return;
            PendingRequest p = waiting.get(request.id);
            if (p != null) dropWaiting(p, reason);
        }
    }

    /**
     * Sends a batch the policy formed. A policy sees one queue per variant, but a batch is sent only of requests
     * whose inputs have the head request's shape apart from axis 0 (a queue per shape), and of at most the variant's
     * batch cap in rows; the others are handed back to the policy as waiting (see {@link #handBack}).
     */
    private void send(Batch batch) {
        Worker worker = devices.get(batch.device());
        LiveVariant variant = models.get(batch.model());
        List<PendingRequest> requests = new ArrayList<>(batch.size());
        List<PendingRequest> later = new ArrayList<>();
        double now = context.clock().nowMs();
        String shape = null;
        long rows = 0;
        int cap = variant.planningMaxBatch();
        for (Request r : batch.requests()) {
            PendingRequest p = waiting.get(r.id);
            if (p == null) throw new IllegalStateException(policy + " dispatched request " + r.id + ", which is not waiting");
            String key = p.job.shapeKey();
            if (shape == null) shape = key;
            if (!requests.isEmpty() && (!key.equals(shape) || rows + p.job.rows() > cap)) {
                later.add(p);
                continue;
            }
            waiting.remove(r.id);
            counter(p.job.application()).decrementAndGet();
            rows += p.job.rows();
            p.attempts++;
            p.sentMs = now;
            requests.add(p);
        }
        if (!later.isEmpty()) handBack(later);
        LiveBatch live = new LiveBatch(nextBatchId++, generation, batch, worker, variant, requests, now,
                plannedOverheadMs[batch.model()]);
        RequestTrace.batchFormed(traces(requests), live.id(), worker.workerId(), batch.expectedLatencyMs());
        inFlight.put(live.id(), live);
        context.metrics().deviceBusy(worker.workerId());
        context.metrics().batch(variant.application(), variant.variant(), requests.size());
        Duration timeout = WorkerCallTimeout.of(batch.expectedLatencyMs(), context.callGrace(),
                WorkerCallTimeout.latestDeadlineMs(requests), now);
        context.workers().run(worker, variant, requests, timeout)
                .whenComplete((answer, error) -> loop.post(() -> finished(live, answer, error)));
    }

    /**
     * Requests the policy dispatched but that could not join the batch (another shape, or past the cap in rows) wait
     * again: under fresh ids, told to the policy as arrivals (with their own arrival times and deadlines) once the
     * policy's present call has returned. A policy started meanwhile has been handed them already.
     */
    private void handBack(List<PendingRequest> later) {
        int gen = generation;
        for (PendingRequest p : later) {
            waiting.remove(p.request.id);
            p.request = new Request(nextRequestId++, p.request.model, p.arrivalMs, p.deadlineMs, p.job.priority());
            waiting.put(p.request.id, p);
        }
        loop.post(() -> {
            if (gen != generation || dispatcher == null) return;
            for (PendingRequest p : later) {
                if (waiting.get(p.request.id) == p) dispatcher.onArrival(p.request);
            }
        });
    }

    private void finished(LiveBatch live, JsonNode answer, Throwable error) {
        if (inFlight.remove(live.id()) == null) return; // abandoned when its worker left: its requests moved on
        context.metrics().deviceIdle(live.worker().workerId());
        if (live.generation() == generation && dispatcher != null) {
            dispatcher.onBatchDone(live.batch());
        }
        if (error == null) {
            JsonNode timing = answer.path("timing");
            double now = context.clock().nowMs();
            overheads.record(live.variant(), now, now - live.sentMs(), timing.path("executionMs").asDouble(Double.NaN),
                    timing.path("loadMs").asDouble(Double.NaN));
            if (overheads.update(now, models)) {
                stale = true;
            }
            LearnedLatency learned = live.variant().learned();
            // the worker's own execution time; a worker that reports none is judged by the round trip
            double ranMs = timing.path("executionMs").asDouble(context.clock().nowMs() - live.sentMs());
            // A batch that made its model resident ran on a cold session (ONNX Runtime's first run allocates and
            // initialises kernels, often ten times a warm run): learned from, it could make every later request look
            // unmeetable, and a variant whose requests are all refused never runs again to correct the estimate.
            boolean cold = !answer.path("load").path("alreadyLoaded").asBoolean(true);
            if (learned != null && !cold && learned.record(live.requests().size(), ranMs)) {
                stale = true; // an unprofiled variant's latencies, learned further: plan with them
            }
            serve(live, answer);
            rebuildIfStale();
        } else {
            Throwable cause = error.getCause() instanceof WorkerCallException ? error.getCause() : error;
            String detail = cause instanceof WorkerCallException ? cause.getMessage() : cause.toString();
            if (cause instanceof WorkerCallException w && w.batchAtFault() && live.requests().size() == 1) {
                // A request the worker refused or cancelled on its own account (its inputs, its model, its run's
                // time or memory) would fare the same on every other worker: trying it there only multiplies what
                // a hostile request costs. A batch of several is tried again, its innocent requests with it.
                failAll(live.requests(), detail);
            } else {
                retryOrFail(live.requests(), detail);
            }
        }
    }

    private void serve(LiveBatch live, JsonNode answer) {
        double now = context.clock().nowMs();
        String workerId = answer.path("deviceId").asText(live.worker().workerId());
        JsonNode timing = answer.path("timing");
        double executionMs = timing.path("executionMs").asDouble(Double.NaN);
        // the worker's own time on the batch, less its model load and its wait behind other batches for the device
        double workerMs = timing.path("totalMs").asDouble(Double.NaN) - timing.path("loadMs").asDouble(0)
                - timing.path("queueMs").asDouble(0);
        boolean cold = !answer.path("load").path("alreadyLoaded").asBoolean(true);
        BatchPath path = new BatchPath(now - live.sentMs(), workerMs, executionMs, overheads.estimateMs(live.variant()),
                cold, meanHandoffMs(live.requests()), live.plannedOverheadMs());
        int size = live.requests().size();
        for (int i = 0; i < size; i++) {
            PendingRequest p = live.requests().get(i);
            List<JsonNode> outputs;
            try {
                outputs = BatchOutputs.slice(answer, i, p.job);
            } catch (RuntimeException e) {
                fail(p, "worker " + workerId + " answered outputs that cannot be split per request: " + e.getMessage());
                continue;
            }
            boolean onTime = now <= p.deadlineMs;
            finish(p, new InferOutcome.Served(outputs, workerId, live.variant().digest(), size,
                    p.sentMs - p.arrivalMs, executionMs, now - p.arrivalMs, onTime, null, path));
        }
    }

    /** From receipt until the engine's thread told the policy, averaged over the requests that know both. */
    private static double meanHandoffMs(List<PendingRequest> requests) {
        double sum = 0;
        int n = 0;
        for (PendingRequest p : requests) {
            if (Double.isFinite(p.heardMs)) {
                sum += Math.max(0, p.heardMs - p.arrivalMs);
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private void failAll(List<PendingRequest> requests, String detail) {
        for (PendingRequest p : requests) {
            fail(p, detail);
        }
    }

    /** A failed batch: each request is queued again when it may be tried once more in time, else failed. */
    private void retryOrFail(List<PendingRequest> requests, String detail) {
        double now = context.clock().nowMs();
        for (PendingRequest p : requests) {
            LiveVariant v = p.job.variant();
            boolean time = now + v.planningProfile().latencyMs(1) + overheads.estimateMs(v) <= p.deadlineMs;
            if (p.attempts < maxAttempts && time && dispatcher != null) {
                log.debug("{} engine: re-queueing request after: {}", policy, detail);
                p.request = new Request(nextRequestId++, p.request.model, p.arrivalMs, p.deadlineMs, p.job.priority());
                enqueue(p);
            } else {
                fail(p, detail + (p.attempts >= maxAttempts ? " (tried " + p.attempts + " time(s))"
                        : time ? "" : "; no time left to try another worker before its deadline"));
            }
        }
    }

    private void abandonBatchesOn(String workerId, String detail) {
        for (Iterator<LiveBatch> it = inFlight.values().iterator(); it.hasNext(); ) {
            LiveBatch b = it.next();
            if (!b.worker().workerId().equals(workerId)) continue;
            it.remove();
            context.metrics().deviceIdle(workerId);
            retryOrFail(b.requests(), detail);
        }
    }

    private void dropWaiting(PendingRequest p, DropReason reason) {
        if (waiting.remove(p.request.id) != null) counter(p.job.application()).decrementAndGet();
        finish(p, new InferOutcome.Dropped(reason));
    }

    private void fail(PendingRequest p, String detail) {
        finish(p, new InferOutcome.Failed(detail));
    }

    private void finish(PendingRequest p, InferOutcome outcome) {
        if (!p.answer.complete(outcome)) return;
        String app = p.job.application();
        if (outcome instanceof InferOutcome.Served s) {
            context.metrics().servedOnTime(app, s.totalMs(), s.onTime());
        } else if (outcome instanceof InferOutcome.Dropped d) {
            context.metrics().dropped(app, d.reason());
        } else {
            context.metrics().failed(app);
        }
    }

    private static List<RequestTrace> traces(List<PendingRequest> requests) {
        List<RequestTrace> traces = new ArrayList<>(requests.size());
        for (PendingRequest p : requests) traces.add(p.trace);
        return traces;
    }

    private AtomicInteger counter(String app) {
        return waitingPerApp.computeIfAbsent(app, a -> new AtomicInteger());
    }
}
