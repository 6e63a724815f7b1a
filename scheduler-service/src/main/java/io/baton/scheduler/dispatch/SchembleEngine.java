package io.baton.scheduler.dispatch;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.PolicyIds;
import io.baton.core.schemble.AccuracyProfile;
import io.baton.core.schemble.EnsembleCluster;
import io.baton.core.schemble.EnsembleQuery;
import io.baton.core.schemble.PlanningCost;
import io.baton.core.schemble.SchembleDispatcher;
import io.baton.core.schemble.SchemblePlanner;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.trace.BatchTrace;
import io.baton.scheduler.trace.RequestTrace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Schemble live, the same planner the simulator runs: one ensemble application with policy {@code schemble}, its
 * queries scheduled at the query level by scheduling-core's {@link SchembleDispatcher} (the online loop of §VI-B with
 * Algorithm 1 as its planner) on wall time, on this engine's one thread, exactly as {@code bench schemble} drives it on
 * virtual time.
 *
 * <p><b>One executor per base model</b> (the paper deploys each base model on its own device): the dispatcher's
 * device k is base model k, and it never gives model k a second task while one runs. A task of model k goes to the
 * live worker at position {@code k mod workers} (workers sorted by id), as a batch of one request for that model's
 * variant; with fewer workers than base models several models share a worker, which runs their batches side by side
 * (each model has its own ONNX Runtime session there). The planner's ℓ_k is the variant's profiled ℓ(1) plus the
 * dispatch overhead (the same figure the request-level engines start from), fixed for the engine's life: a new
 * engine is made when the application, its ensemble profile or a profile changes.
 *
 * <p><b>What a query gets.</b> Its bin comes from its difficulty score (the gateway's predictor; with none, the
 * utility row is the bins' average weighted by their sample counts), its utility row from the stored (bin, subset)
 * table. The dispatcher commits a subset before the first task starts; the query is answered once every committed
 * model has answered (or failed: the gateway aggregates what ran, as Schemble's missing-output handling does), or at
 * once when the policy drops it (its reason: the deadline cannot be met, or the plan left it out). Planning time is
 * charged as measured ({@link PlanningCost#measured()}): no task leaves before the plan that chose it is ready.
 */
public final class SchembleEngine extends LoopEngine<SchembleEngine.Query> {

    /** One base model's part of a query: the checked job for its variant. */
    public record Member(LiveVariant variant, InferJob job) {
    }

    /** What happened to one base model of a served query. */
    public record MemberResult(String variant, String digest, String workerId, List<JsonNode> outputs, String failure,
                               double queueMs, double executionMs) {
    }

    /** A query's outcome. */
    public sealed interface Outcome permits Served, Dropped, Failed {

        /**
         * The outcome as a request's (what the traffic recorder and the request's trace read): served by the base
         * models that ran, on the workers that ran them; dropped; failed.
         */
        InferOutcome asRequestOutcome();
    }

    /**
     * @param ran     the committed models' results, in the profile's model order
     * @param skipped the base models the plan left out
     */
    public record Served(List<MemberResult> ran, List<String> skipped, int bin, double plannedUtility, double totalMs,
                         boolean onTime) implements Outcome {

        @Override
        public InferOutcome asRequestOutcome() {
            String models = ran.stream().map(MemberResult::variant).collect(Collectors.joining("+"));
            String on = ran.stream().map(MemberResult::workerId).filter(Objects::nonNull).distinct()
                    .collect(Collectors.joining("+"));
            return new InferOutcome.Served(List.of(), on, null, 1, Double.NaN, Double.NaN, totalMs, onTime, models);
        }
    }

    public record Dropped(DropReason reason) implements Outcome {

        @Override
        public InferOutcome asRequestOutcome() {
            return new InferOutcome.Dropped(reason);
        }
    }

    /** Answered by the scheduler's guard: nothing came back in time (a lost call, never a policy decision). */
    public record Failed(String detail) implements Outcome {

        @Override
        public InferOutcome asRequestOutcome() {
            return new InferOutcome.Failed(detail);
        }
    }

    /** A query between arrival and answer (engine thread only, except {@code answer}). */
    public static final class Query extends PendingWork<Outcome> {
        final List<Member> members;
        final Double difficulty;
        /** Its trace's stamps; null when its call carried no trace context. */
        final RequestTrace trace;
        Request request;
        int bin = -1;
        double[] utility;
        final Map<Integer, MemberResult> results = new HashMap<>();
        final Map<Integer, Double> sentMs = new HashMap<>();

        public Query(List<Member> members, double arrivalMs, double deadlineMs, Double difficulty) {
            this(members, arrivalMs, deadlineMs, difficulty, null);
        }

        public Query(List<Member> members, double arrivalMs, double deadlineMs, Double difficulty, RequestTrace trace) {
            super(arrivalMs, deadlineMs);
            this.members = members;
            this.difficulty = difficulty;
            this.trace = trace;
        }
    }

    private final String application;
    private final List<LiveVariant> variants;
    private final AccuracyProfile accuracy;
    private final double[] averageRow;
    private final EngineContext context;

    // ---- engine-thread state ----
    private final SchembleDispatcher dispatcher;
    private final Map<Long, Query> queries = new HashMap<>();
    private long nextId;
    private long nextBatchId;

    /**
     * @param variants    the base models in the ensemble profile's order (bit k of a subset mask: variants[k])
     * @param accuracy    the stored (bin, subset) table over those models
     * @param binCounts   samples per bin, for the row of a query without a difficulty score
     * @param overheadMs  added to each model's profiled ℓ(1): the time a task spends outside the device
     * @param delta       Algorithm 1's reward quantum δ
     */
    public SchembleEngine(String application, List<LiveVariant> variants, AccuracyProfile accuracy, long[] binCounts,
                          double overheadMs, double delta, EngineContext context) {
        super(new EventLoop("schemble-" + application, "schemble engine of " + application, context.clock()));
        if (variants.size() != accuracy.models()) {
            throw new IllegalArgumentException("the accuracy table covers " + accuracy.models() + " models, not " + variants.size());
        }
        this.application = application;
        this.variants = List.copyOf(variants);
        this.accuracy = accuracy;
        this.averageRow = averageRow(accuracy, binCounts, variants.size());
        this.context = context;
        int m = variants.size();
        double[] latency = new double[m];
        List<String> names = new ArrayList<>(m);
        List<Device> devices = new ArrayList<>(m);
        List<ServedModel> table = new ArrayList<>(m);
        for (int k = 0; k < m; k++) {
            LiveVariant v = variants.get(k);
            latency[k] = v.profile().latencyMs(1) + overheadMs;
            names.add(v.variant());
            devices.add(new Device(k, "base-model", 1.0, 1));
            table.add(new ServedModel(k, v.variant(), v.profile(), v.sloMs(), 1, overheadMs));
        }
        this.dispatcher = new SchembleDispatcher(PolicyIds.SCHEMBLE, EnsembleCluster.onePerModel(names, latency),
                new SchemblePlanner(), delta, true, PlanningCost.measured());
        this.dispatcher.start(new DispatchContext(context.clock(), loop.timers(), devices, table, new Sink()));
        this.loop.start();
    }

    /** Each subset's utility averaged over the bins, weighted by how many profiled samples each bin holds. */
    static double[] averageRow(AccuracyProfile accuracy, long[] binCounts, int models) {
        int bins = accuracy.bins().count();
        double[] row = new double[1 << models];
        double total = 0;
        for (int b = 0; b < bins; b++) total += b < binCounts.length ? binCounts[b] : 0;
        for (int b = 0; b < bins; b++) {
            double w = total > 0 ? (b < binCounts.length ? binCounts[b] : 0) / total : 1.0 / bins;
            for (int s = 1; s < row.length; s++) row[s] += w * accuracy.utility(b, s);
        }
        return row;
    }

    public String application() {
        return application;
    }

    public List<LiveVariant> variants() {
        return variants;
    }

    @Override
    void answerLeftovers() {
        for (Query q : List.copyOf(queries.values())) q.answer.completeExceptionally(
                new IllegalStateException("the scheduler is shutting down"));
    }

    // ---------------------------------------------------------------- the engine's thread

    @Override
    void arrive(Query q) {
        Request r = new Request(nextId++, 0, q.arrivalMs, q.deadlineMs);
        if (q.difficulty != null) {
            q.bin = accuracy.bins().bin(q.difficulty);
            q.utility = accuracy.row(q.difficulty);
        } else {
            q.utility = averageRow;
        }
        r.features = new EnsembleQuery(-1, q.difficulty == null ? Double.NaN : q.difficulty, q.utility, null);
        q.request = r;
        if (q.trace != null) q.trace.ensembleQuery(q.bin);
        queries.put(r.id, q);
        dispatcher.onArrival(r);
    }

    private final class Sink implements DispatchSink {
        @Override
        public void dispatch(Batch batch) {
            send(batch);
        }

        @Override
        public void drop(Request request, DropReason reason) {
            Query q = queries.remove(request.id);
            if (q != null && q.answer.complete(new Dropped(reason))) context.metrics().dropped(application, reason);
        }
    }

    private void send(Batch batch) {
        int k = batch.device();
        Request r = batch.requests()[0];
        Query q = queries.get(r.id);
        if (q == null) throw new IllegalStateException("schemble dispatched query " + r.id + ", which is not waiting");
        Member member = q.members.get(k);
        double now = context.clock().nowMs();
        q.sentMs.put(k, now);
        List<Worker> live = context.liveWorkers().get();
        if (live.isEmpty()) {
            loop.post(() -> finished(batch, q, k, null, new WorkerCallException("no worker is live")));
            return;
        }
        Worker worker = live.get(k % live.size());
        PendingRequest part = new PendingRequest(member.job(), q.arrivalMs, q.deadlineMs);
        BatchTrace stamps = null;
        if (q.trace != null) {
            q.trace.planned(q.utility[EnsembleQuery.of(r).committed()]);
            stamps = q.trace.memberFormed(member.variant().variant(), nextBatchId++, worker.workerId(),
                    batch.expectedLatencyMs());
        }
        context.metrics().deviceBusy(worker.workerId());
        context.metrics().batch(application, member.variant().variant(), 1);
        Duration timeout = WorkerCallTimeout.of(batch.expectedLatencyMs(), context.callGrace(), q.deadlineMs, context.clock().nowMs());
        context.workers().run(worker, member.variant(), List.of(part), timeout, stamps,
                q.trace == null ? null : q.trace.parent().child()).whenComplete((answer, error) -> loop.post(() -> {
            context.metrics().deviceIdle(worker.workerId());
            finished(batch, q, k, answer, error);
        }));
    }

    private void finished(Batch batch, Query q, int k, JsonNode answer, Throwable error) {
        dispatcher.onBatchDone(batch);
        Member member = q.members.get(k);
        double queueMs = q.sentMs.getOrDefault(k, q.arrivalMs) - q.arrivalMs;
        MemberResult result;
        if (error == null) {
            List<JsonNode> outputs = null;
            String failure = null;
            try {
                outputs = BatchOutputs.slice(answer, 0, member.job());
            } catch (RuntimeException e) {
                failure = "worker answered outputs that cannot be read: " + e.getMessage();
            }
            result = new MemberResult(member.variant().variant(), member.variant().digest(),
                    answer.path("deviceId").asText(null), outputs, failure, queueMs,
                    answer.path("timing").path("executionMs").asDouble(Double.NaN));
        } else {
            Throwable cause = error.getCause() instanceof WorkerCallException ? error.getCause() : error;
            result = new MemberResult(member.variant().variant(), member.variant().digest(), null, null,
                    cause.getMessage() == null ? cause.toString() : cause.getMessage(), queueMs, Double.NaN);
        }
        q.results.put(k, result);
        int committed = EnsembleQuery.of(q.request).committed();
        if (q.results.size() < Integer.bitCount(committed)) return;
        queries.remove(q.request.id);
        List<MemberResult> ran = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (int m = 0; m < variants.size(); m++) {
            if ((committed >>> m & 1) != 0) ran.add(q.results.get(m));
            else skipped.add(variants.get(m).variant());
        }
        double now = context.clock().nowMs();
        boolean onTime = now <= q.deadlineMs;
        if (ran.stream().allMatch(x -> x.failure() != null)) {
            context.metrics().failed(application);
        } else {
            context.metrics().servedOnTime(application, now - q.arrivalMs, onTime);
        }
        q.answer.complete(new Served(ran, skipped, q.bin, q.utility[committed], now - q.arrivalMs, onTime));
    }
}
