package io.baton.scheduler.dispatch;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.core.policy.PolicyIds;
import io.baton.core.policy.Timer;
import io.baton.core.sneakpeek.AppProfile;
import io.baton.core.sneakpeek.ExecutionMode;
import io.baton.core.sneakpeek.ModelCache;
import io.baton.core.sneakpeek.PeekRequest;
import io.baton.core.sneakpeek.Schedule;
import io.baton.core.sneakpeek.SchedulingWindow;
import io.baton.core.sneakpeek.SneakPeekPolicy;
import io.baton.scheduler.membership.Worker;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SneakPeek live, the paper's setting of one constrained device shared by several applications: every application with
 * policy {@code sneakpeek}, served together on ONE constrained worker (the live worker with the lowest id), in
 * scheduling windows, by scheduling-core's data-aware grouped scheduler ({@code grouped+da}: Algorithm 1 with brute
 * force up to τ groups, eq. 12 priority, the posterior θ from each request's k-NN evidence) exactly as
 * {@code bench sneakpeek} runs it in simulation.
 *
 * <p><b>Windows</b> (§6.1): requests arriving within {@code window} of the window's first request are planned
 * together when it closes, from when the worker will be free. The paper's window (100 ms) is shorter than its
 * deadlines (150 ms on average); so that an application with a tighter SLO is not late by waiting alone, a window
 * also closes once any request in it has waited half its deadline budget. The plan's groups run in order, each group's
 * requests on its chosen variant in batches of at most the profiled largest batch, one batch at a time (the paper's
 * single FIFO worker queue); the next window's plan starts after the last batch sent.
 *
 * <p><b>Swaps</b>: the planner sees the worker's model cache ({@link ModelCache}: the worker's memory budget, each
 * variant's profiled memory and load time), so it weighs a swap's load time against the accuracy a variant buys;
 * the worker's own cache makes the real swaps, and every batch that waited for its model to load counts as a swap in
 * {@code baton_model_swaps_total} with its load time in {@code baton_model_swap_seconds}.
 *
 * <p>Short-circuit inference (§5.3.1) is not offered live: an answer must be the application's output tensors,
 * which the k-NN's class counts are not. The application set is fixed per engine; a new application (or a changed
 * profile) makes a new engine, whose cache view starts empty.
 */
public final class SneakPeekEngine extends LoopEngine<SneakPeekEngine.Job> {

    private static final Logger log = LoggerFactory.getLogger(SneakPeekEngine.class);
    /** Data-aware grouped scheduling, no short-circuit (see the class comment). */
    static final String POLICY = "grouped+da";

    /** One application as the engine serves it: its profile for the planner and each model's live variant. */
    public record App(AppProfile profile, List<LiveVariant> variants) {
    }

    /** A request waiting for its window: the checked job for every variant it may run, and its evidence. */
    public static final class Job extends PendingWork<InferOutcome> {
        final String application;
        final Map<String, InferJob> byVariant;
        final double[] evidence;
        double sentMs;

        public Job(String application, Map<String, InferJob> byVariant, double[] evidence, double arrivalMs,
                   double deadlineMs) {
            super(arrivalMs, deadlineMs);
            this.application = application;
            this.byVariant = byVariant;
            this.evidence = evidence;
        }
    }

    private record Planned(int app, int model, List<Job> jobs) {
    }

    private final List<App> apps;
    private final Map<String, Integer> appIndex = new HashMap<>();
    private final SneakPeekPolicy policy = SneakPeekPolicy.named(POLICY);
    private final Duration window;
    private final EngineContext context;
    private final int maxBatch;

    // ---- engine-thread state ----
    private final List<Job> windowJobs = new ArrayList<>();
    /** Armed while a window is open, at the time it closes. */
    private final Timer windowCloses;
    private final Deque<Planned> deviceQueue = new ArrayDeque<>();
    private boolean busy;
    private double freeAtMs;
    private ModelCache cache;

    public SneakPeekEngine(List<App> apps, Duration window, double memoryBudgetMb, int maxBatch, EngineContext context) {
        super(new EventLoop(PolicyIds.SNEAKPEEK, PolicyIds.SNEAKPEEK + " engine", context.clock()));
        this.apps = List.copyOf(apps);
        for (int i = 0; i < apps.size(); i++) appIndex.put(apps.get(i).profile().name(), i);
        this.window = window;
        this.maxBatch = maxBatch;
        this.context = context;
        List<AppProfile> profiles = apps.stream().map(App::profile).toList();
        double largest = profiles.stream().flatMap(a -> a.models().stream()).mapToDouble(m -> m.memoryMb()).max().orElse(1);
        this.cache = SchedulingWindow.budgetedCache(profiles, Math.max(memoryBudgetMb, largest));
        this.windowCloses = loop.timers().newTimer(this::windowClosed);
        this.loop.start();
    }

    /** The applications this engine plans, by name. */
    public List<String> applications() {
        return apps.stream().map(a -> a.profile().name()).toList();
    }

    @Override
    void answerLeftovers() {
        for (Job j : windowJobs) j.answer.complete(new InferOutcome.Failed("the scheduler is shutting down"));
        for (Planned p : deviceQueue) {
            for (Job j : p.jobs()) j.answer.complete(new InferOutcome.Failed("the scheduler is shutting down"));
        }
    }

    // ---------------------------------------------------------------- the engine's thread

    /** The open window's time is up: plan it; a planning failure answers its requests with the reason. */
    private void windowClosed() {
        try {
            closeWindow();
        } catch (RuntimeException e) {
            log.error("sneakpeek engine: planning a window: {}", e.toString(), e);
            for (Job j : windowJobs) j.answer.complete(new InferOutcome.Failed("planning failed: " + e.getMessage()));
            windowJobs.clear();
            windowCloses.cancel();
        }
    }

    @Override
    void arrive(Job job) {
        if (!appIndex.containsKey(job.application)) {
            job.answer.complete(new InferOutcome.Failed("application " + job.application + " is not planned by this engine"));
            return;
        }
        double closesAt = windowJobs.isEmpty() ? context.clock().nowMs() + window.toNanos() / 1e6 : windowCloses.atMs();
        // A window never holds a request past half its deadline budget: the other half is left to run it.
        windowCloses.setAt(Math.min(closesAt, job.arrivalMs + (job.deadlineMs - job.arrivalMs) / 2));
        windowJobs.add(job);
    }

    /** Plans the window's requests (grouped, data-aware) and queues the plan's batches for the worker. */
    private void closeWindow() {
        double now = context.clock().nowMs();
        List<Job> jobs = new ArrayList<>(windowJobs);
        windowJobs.clear();
        windowCloses.cancel();
        List<AppProfile> profiles = apps.stream().map(App::profile).toList();
        List<PeekRequest> requests = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            Job j = jobs.get(i);
            int app = appIndex.get(j.application);
            double[] theta = profiles.get(app).prior().posteriorMean(j.evidence);
            requests.add(new PeekRequest(Integer.toString(i), app, j.arrivalMs, j.deadlineMs, theta));
        }
        // d of the relative penalties from now, as bench sneakpeek measures it (the paper's eqs. 1-2 share one origin)
        SchedulingWindow.Options options = policy.options(ExecutionMode.BATCHED, maxBatch, SchedulingWindow.DeadlineBudget.FROM_NOW);
        SchedulingWindow w = SchedulingWindow.of(now, profiles, requests, options);
        double start = busy || !deviceQueue.isEmpty() ? Math.max(now, freeAtMs) : now;
        Schedule schedule = policy.scheduler().schedule(w, cache, start);
        Planned current = null;
        List<Planned> planned = new ArrayList<>();
        for (int p = 0; p < schedule.size(); p++) {
            int r = schedule.request(p);
            int app = w.appOf(r);
            int k = schedule.candidate(p);
            int model = w.model(app, k);
            context.metrics().selected(jobs.get(r).application, apps.get(app).variants().get(k).variant(), w.accuracy(r, k));
            // a batch holds requests of one shape apart from axis 0, within the variant's own cap
            LiveVariant chosen = apps.get(app).variants().get(k);
            boolean full = current != null && current.jobs().size() >= Math.min(maxBatch, chosen.maxBatch());
            boolean otherShape = current != null && !shapeOf(jobs.get(r), chosen)
                    .equals(shapeOf(current.jobs().get(0), chosen));
            if (current == null || current.app() != app || current.model() != k || full || otherShape || schedule.startsGroup(p)) {
                cache.use(model);
                current = new Planned(app, k, new ArrayList<>());
                planned.add(current);
            }
            current.jobs().add(jobs.get(r));
        }
        double t = start;
        for (Planned q : planned) {
            t += apps.get(q.app()).profile().models().get(q.model()).latency().latencyMs(q.jobs().size());
        }
        freeAtMs = t; // when this window's plan should end: the next window is planned from then
        deviceQueue.addAll(planned);
        sendNext();
    }

    private static String shapeOf(Job job, LiveVariant variant) {
        InferJob own = job.byVariant.get(variant.variant());
        return own == null ? "" : own.shapeKey();
    }

    private void sendNext() {
        if (busy || deviceQueue.isEmpty()) return;
        Planned next = deviceQueue.poll();
        // A request whose deadline passed while its batch waited is answered now, with the reason, instead of being run
        // for a client that has stopped waiting (the gateway gives up shortly after the deadline).
        double at = context.clock().nowMs();
        next.jobs().removeIf(j -> {
            if (at <= j.deadlineMs) return false;
            if (j.answer.complete(new InferOutcome.Dropped(io.baton.core.domain.DropReason.DEADLINE_PASSED))) {
                context.metrics().dropped(j.application, io.baton.core.domain.DropReason.DEADLINE_PASSED);
            }
            return true;
        });
        if (next.jobs().isEmpty()) {
            sendNext();
            return;
        }
        List<Worker> live = context.liveWorkers().get();
        if (live.isEmpty()) {
            for (Job j : next.jobs()) {
                j.answer.complete(new InferOutcome.Dropped(io.baton.core.domain.DropReason.NO_DEVICE));
                context.metrics().dropped(j.application, io.baton.core.domain.DropReason.NO_DEVICE);
            }
            sendNext();
            return;
        }
        Worker worker = live.stream().min(Comparator.comparing(Worker::workerId)).orElseThrow();
        LiveVariant variant = apps.get(next.app()).variants().get(next.model());
        double now = context.clock().nowMs();
        List<PendingRequest> parts = new ArrayList<>(next.jobs().size());
        for (Job j : next.jobs()) {
            j.sentMs = now;
            parts.add(new PendingRequest(j.byVariant.get(variant.variant()), j.arrivalMs, j.deadlineMs));
        }
        busy = true;
        context.metrics().deviceBusy(worker.workerId());
        context.metrics().batch(variant.application(), variant.variant(), parts.size());
        double expected = apps.get(next.app()).profile().models().get(next.model()).latency().latencyMs(parts.size())
                + apps.get(next.app()).profile().models().get(next.model()).loadMs();
        context.workers().run(worker, variant, parts, WorkerCallTimeout.of(expected, context.callGrace(),
                        WorkerCallTimeout.latestDeadlineMs(parts), now))
                .whenComplete((answer, error) -> loop.post(() -> {
                    busy = false;
                    context.metrics().deviceIdle(worker.workerId());
                    finished(next, variant, worker, parts, answer, error);
                    sendNext();
                }));
    }

    private void finished(Planned batch, LiveVariant variant, Worker worker, List<PendingRequest> parts, JsonNode answer,
                          Throwable error) {
        if (error != null) {
            Throwable cause = error.getCause() instanceof WorkerCallException ? error.getCause() : error;
            for (Job j : batch.jobs()) {
                if (j.answer.complete(new InferOutcome.Failed(cause.getMessage() == null ? cause.toString() : cause.getMessage()))) {
                    context.metrics().failed(j.application);
                }
            }
            return;
        }
        JsonNode timing = answer.path("timing");
        double loadMs = timing.path("loadMs").asDouble(0);
        if (loadMs > 0) context.metrics().swap(variant.application(), variant.variant(), loadMs);
        double now = context.clock().nowMs();
        for (int i = 0; i < parts.size(); i++) {
            Job j = batch.jobs().get(i);
            List<JsonNode> outputs;
            try {
                outputs = BatchOutputs.slice(answer, i, parts.get(i).job());
            } catch (RuntimeException e) {
                j.answer.complete(new InferOutcome.Failed("worker " + worker.workerId() + " answered outputs that cannot "
                        + "be split per request: " + e.getMessage()));
                context.metrics().failed(j.application);
                continue;
            }
            boolean onTime = now <= j.deadlineMs;
            if (j.answer.complete(new InferOutcome.Served(outputs, answer.path("deviceId").asText(worker.workerId()),
                    variant.digest(), parts.size(), j.sentMs - j.arrivalMs, timing.path("executionMs").asDouble(Double.NaN),
                    now - j.arrivalMs, onTime, variant.variant()))) {
                context.metrics().servedOnTime(j.application, now - j.arrivalMs, onTime);
            }
        }
    }

    /** For tests: the applications' order as the planner numbers them. */
    Map<String, Integer> appIndex() {
        return new LinkedHashMap<>(appIndex);
    }
}
