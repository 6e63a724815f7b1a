package io.baton.scheduler.dispatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.Map;
import java.util.stream.Collectors;
import io.baton.core.schemble.AccuracyProfile;
import io.baton.core.schemble.ScoreBins;
import io.baton.scheduler.catalog.CatalogEnsembleProfile;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.policy.Clock;
import io.baton.core.registry.LiveEngineKind;
import io.baton.core.util.CoarseTimer;
import io.baton.core.registry.PolicyEntry;
import io.baton.core.registry.PolicyRegistry;
import io.baton.scheduler.SchedulerProperties;
import io.baton.scheduler.catalog.ApplicationCatalog;
import io.baton.scheduler.trace.RequestTrace;
import io.baton.scheduler.catalog.CatalogApplication;
import io.baton.scheduler.catalog.CatalogProfile;
import io.baton.scheduler.catalog.CatalogVariant;
import io.baton.scheduler.ipa.LivePipelinePlanner;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.membership.WorkerListener;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.metrics.ServingMetrics;
import io.baton.scheduler.web.ApiException;
import org.springframework.http.HttpStatus;

/**
 * Live dispatch: resolves a request to the variant it runs (with the profile its policy plans with), checks its
 * tensors, and hands it to the {@link Engine} that the application's {@link PolicyEntry} names by its
 * {@link LiveEngineKind}; no policy id is compared here. One {@link LiveEngine} per request-scale policy, each over
 * every live worker and hearing of every membership change; one {@link SchembleEngine} per ensemble whose policy plans
 * queries; one {@link SneakPeekEngine} over every application whose policy shares windows. Engines are made on first
 * use.
 */
public class DispatchService implements AutoCloseable {

    /** A request accepted for dispatch: the variant it will run, and its answer to come. */
    /**
     * @param variant the variant it will run; null when the policy chooses it later (SneakPeek): the outcome names it
     */
    public record Accepted(String application, LiveVariant variant, CompletableFuture<InferOutcome> answer) {
    }

    /** What the gateway shows as an application's readiness. */
    public record Readiness(String application, String policy, String servedBy, String state, String reason,
                            String defaultVariant, int liveWorkers, List<VariantState> variants) {
    }

    /**
     * @param profile {@code profiled}, or {@code unprofiled}: served meanwhile under work-conserving with latencies
     *                learned online
     */
    public record VariantState(String name, int stage, String digest, boolean profiled, String profile) {
    }

    private final ApplicationCatalog catalog;
    private final WorkerRegistry registry;
    private final SchedulerProperties properties;
    private final Clock clock = Clock.system();
    /** The Unix time at {@link #clock}'s zero: what a listener is told arrivals in. */
    private final double epochAtClockZeroMs = System.currentTimeMillis() - clock.nowMs();
    private final ConcurrentHashMap<String, LiveEngine> engines = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, SchembleEngine> schembleEngines = new ConcurrentHashMap<>();
    private final Map<String, SneakPeekEngine.App> sneakPeekApps = new LinkedHashMap<>();
    private SneakPeekEngine sneakPeek;
    private final ConcurrentHashMap<String, LiveVariant> variants = new ConcurrentHashMap<>();
    /** What was learned of each unprofiled variant (application, variant, artifact) from the batches it ran. */
    private final ConcurrentHashMap<String, LearnedLatency> learned = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, DefaultChoice> defaults = new ConcurrentHashMap<>();
    private final Set<String> watchedBreakers = ConcurrentHashMap.newKeySet();
    /** Applications already told (in the log) that the registry does not know their policy id. */
    private final Set<String> unknownPolicySaid = ConcurrentHashMap.newKeySet();
    private final LivePipelinePlanner pipelines;
    private final EngineContext engineContext;
    /** Told of every accepted request's end (the traffic recording); null: no one. */
    private volatile RequestListener listener;
    /** Device kind and provider profiles are chosen for; kept up to date on membership changes, read per request. */
    private volatile String[] planningKind = {"cpu", "cpu"};

    public DispatchService(ApplicationCatalog catalog, WorkerRegistry registry, WorkerClient workers,
                           ServingMetrics metrics, SchedulerProperties properties, LivePipelinePlanner pipelines) {
        this.catalog = catalog;
        this.registry = registry;
        this.properties = properties;
        this.pipelines = pipelines;
        this.engineContext = new EngineContext(workers,
                () -> registry.live().stream().sorted(Comparator.comparing(Worker::workerId)).toList(), metrics, clock,
                properties.workerCallGrace());
        synchronized (registry) {
            registry.addListener(new Membership());
            registry.live().forEach(w -> watchBreaker(w.workerId()));
            planningKind = deviceKind(registry.live());
        }
    }

    /**
     * Accepts one request, or refuses it at once (404 unknown application or variant, 400 bad tensors, 409 not
     * profiled). The answer completes with the outcome, never later than its deadline plus twice the worker-call
     * grace: nothing waits forever.
     */
    public Accepted submit(String application, String variantName, Integer stage, Double timeoutMs, int priority,
                           List<InferJob.Input> inputs, List<String> outputs, boolean binaryOutputs,
                           double[] evidence) {
        return submit(application, variantName, stage, timeoutMs, priority, inputs, outputs, binaryOutputs, evidence,
                null);
    }

    /** {@code trace}: the request's trace stamps (null: its call carried no trace context). */
    public Accepted submit(String application, String variantName, Integer stage, Double timeoutMs, int priority,
                           List<InferJob.Input> inputs, List<String> outputs, boolean binaryOutputs,
                           double[] evidence, RequestTrace trace) {
        double now = clock.nowMs();
        CatalogApplication app = catalog.get(application);
        if (trace != null) trace.policy(app.policy());
        boolean windowed = PolicyRegistry.liveKind(app.policy()) == LiveEngineKind.SHARED_WINDOWS;
        if (variantName == null && stage == null && windowed && app.single() && sneakPeekCanChoose(app)) {
            return submitSneakPeek(app, timeoutMs, priority, inputs, outputs, binaryOutputs, evidence, now);
        }
        CatalogVariant variant;
        LiveVariant live;
        List<InferJob.Input> named;
        if (variantName == null && stage != null) {
            LivePipelinePlanner.StageChoice choice = stageChoice(app, stage);
            variant = app.variant(choice.variant()).orElseThrow();
            live = liveVariant(app, variant, choice.maxBatch());
            named = stage == 0 ? byPosition(inputs, app, variant) : inOrder(inputs, variant);
        } else {
            variant = variantOf(app, variantName);
            live = liveVariant(app, variant, Integer.MAX_VALUE);
            named = variantName == null ? byPosition(inputs, app, variant) : inputs;
        }
        List<InferJob.Input> ordered = InputCheck.inputs(named, variant);
        InputCheck.outputs(outputs, variant);
        double budget = budgetMs(app, timeoutMs);
        InferJob job = new InferJob(app.name(), live, priority, ordered, outputs, binaryOutputs);
        PendingRequest pending = new PendingRequest(job, now, now + budget, trace);
        long guard = (long) budget + 2 * properties.workerCallGrace().toMillis();
        failAfter(pending.answer(), new InferOutcome.Failed("no answer within " + guard
                + " ms: the request was lost between the scheduler and the workers"), guard);
        // Until its profile lands, a variant is served work-conserving: no policy can plan with latencies not yet known.
        PolicyEntry serving = live.learned() != null ? PolicyRegistry.fallback() : servingRequests(app);
        tell(pending.answer(), new RequestListener.Arrival(app.name(), epochAtClockZeroMs + now,
                epochAtClockZeroMs + now + budget, job.rows(), serving.name(),
                live.variant()));
        if (trace != null) trace.policy(serving.name());
        requestEngine(serving).submit(pending);
        return new Accepted(app.name(), live, pending.answer());
    }

    /**
     * Whether {@link #submit} of a request of {@code application} would read nothing from the registry and plan
     * nothing: the application was read within the catalog's TTL, and the request names no pipeline stage (choosing a
     * stage's variant may run IPA's planner). Such a submit only checks the request and posts it to its engine.
     */
    public boolean submitsAtOnce(String application, boolean staged) {
        return !staged && catalog.isFresh(application);
    }

    /**
     * Completes {@code answer} with {@code lost} once {@code guardMs} have passed, unless it was answered before: the
     * guard that nothing waits forever. Armed on the {@link CoarseTimer} (up to a tick late, which a guard of the
     * deadline plus twice the grace can spare): {@code completeOnTimeout} woke its thread for nearly every request.
     */
    private static <T> void failAfter(CompletableFuture<T> answer, T lost, long guardMs) {
        CoarseTimer.Timeout limit = CoarseTimer.shared().schedule(() -> answer.complete(lost), guardMs,
                TimeUnit.MILLISECONDS);
        answer.whenComplete((value, failure) -> limit.cancel());
    }

    /** {@code listener} is told of every request accepted from now on, once it ends (one listener; null: none). */
    public void listen(RequestListener listener) {
        this.listener = listener;
    }

    private void tell(CompletableFuture<InferOutcome> answer, RequestListener.Arrival arrival) {
        tell(answer, arrival, o -> o);
    }

    private <O> void tell(CompletableFuture<O> answer, RequestListener.Arrival arrival,
                          java.util.function.Function<O, InferOutcome> asOutcome) {
        RequestListener l = listener;
        if (l == null) return;
        l.arrived(arrival);
        answer.whenComplete((outcome, error) -> {
            if (outcome != null) l.ended(arrival, asOutcome.apply(outcome));
        });
    }

    /**
     * The policy whose dispatcher serves the application's requests; an id the registry does not know (stored before
     * it checked) is served by the fallback, said once per application in the log.
     */
    private PolicyEntry servingRequests(CatalogApplication app) {
        PolicyEntry serving = PolicyRegistry.servingRequests(app.policy());
        if (PolicyRegistry.find(app.policy()).isEmpty() && unknownPolicySaid.add(app.name())) {
            org.slf4j.LoggerFactory.getLogger(DispatchService.class).warn("application {} names policy '{}', which no "
                    + "policy is registered as; its requests are served by {}", app.name(), app.policy(), serving.name());
        }
        return serving;
    }

    /** The time a request may take: its own timeout, else the application's SLO; 400 when not a positive number. */
    private static double budgetMs(CatalogApplication app, Double timeoutMs) {
        double budget = timeoutMs == null ? app.sloMs() : timeoutMs;
        if (!(budget > 0) || Double.isInfinite(budget)) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "timeoutMs: must be a positive number of ms, got "
                    + timeoutMs).withField("timeoutMs");
        }
        return budget;
    }

    /**
     * SneakPeek live, where variants are chosen per window rather than per request: a request of a single-model
     * application with policy {@code sneakpeek} that names no variant waits for its scheduling window, where the
     * SneakPeek engine picks its variant with every other sneakpeek application's requests on the one constrained
     * worker. Its inputs are checked against every variant it may run (those with a latency profile and a per-class
     * recall); 409 when none has both.
     */
    private Accepted submitSneakPeek(CatalogApplication app, Double timeoutMs, int priority, List<InferJob.Input> inputs,
                                     List<String> outputs, boolean binaryOutputs, double[] evidence, double now) {
        SneakPeekEngine.App served = sneakPeekApp(app);
        if (evidence != null && evidence.length != served.profile().classes()) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "evidence: application '" + app.name()
                    + "' has " + served.profile().classes() + " classes, got " + evidence.length + " counts")
                    .withField("evidence");
        }
        Map<String, InferJob> jobs = new LinkedHashMap<>();
        for (LiveVariant live : served.variants()) {
            CatalogVariant variant = app.variant(live.variant()).orElseThrow();
            List<InferJob.Input> ordered = InputCheck.inputs(byPosition(inputs, app, variant), variant);
            InputCheck.outputs(outputs, variant);
            jobs.put(live.variant(), new InferJob(app.name(), live, priority, ordered, outputs, binaryOutputs));
        }
        double budget = budgetMs(app, timeoutMs);
        SneakPeekEngine.Job job = new SneakPeekEngine.Job(app.name(), jobs,
                evidence == null ? new double[served.profile().classes()] : evidence, now, now + budget);
        long guard = (long) budget + 2 * properties.workerCallGrace().toMillis() + properties.sneakpeekWindow().toMillis();
        failAfter(job.answer(), new InferOutcome.Failed("no answer within " + guard
                + " ms: the request was lost between the scheduler and the worker"), guard);
        tell(job.answer(), new RequestListener.Arrival(app.name(), epochAtClockZeroMs + now,
                epochAtClockZeroMs + now + budget, jobs.values().iterator().next().rows(), app.policy(), null));
        sneakPeekEngine(app, served).submit(job);
        return new Accepted(app.name(), null, job.answer());
    }

    /**
     * Whether SneakPeek has a variant to choose (one with a latency profile and a per-class recall); until then the
     * application's requests are served like any other's, by its default variant.
     */
    private boolean sneakPeekCanChoose(CatalogApplication app) {
        String[] kind = planningKind;
        return app.variants().stream().anyMatch(v -> v.profileFor(kind[0], kind[1])
                .filter(p -> !p.classRecall().isEmpty()).isPresent());
    }

    /** An application as SneakPeek plans it: its profiled variants with recall, penalty and prior from policyParams. */
    private SneakPeekEngine.App sneakPeekApp(CatalogApplication app) {
        String[] kind = planningKind;
        List<io.baton.core.sneakpeek.ModelVariant> models = new ArrayList<>();
        List<LiveVariant> lives = new ArrayList<>();
        int classes = -1;
        for (CatalogVariant v : app.variants().stream().sorted(Comparator.comparing(CatalogVariant::name)).toList()) {
            Optional<CatalogProfile> p = v.profileFor(kind[0], kind[1]);
            if (p.isEmpty() || p.get().classRecall().isEmpty()) continue;
            double[] recall = p.get().classRecall().stream().mapToDouble(d -> d == null || d.isNaN() ? 0 : d).toArray();
            if (classes >= 0 && recall.length != classes) continue;
            classes = recall.length;
            LiveVariant live = liveVariant(app, v, Integer.MAX_VALUE);
            double accuracy = p.get().accuracy() == null || p.get().accuracy().isNaN() ? 0 : p.get().accuracy();
            models.add(new io.baton.core.sneakpeek.ModelVariant(v.name(), p.get().toLatencyProfile(overheadMs()),
                    p.get().loadMs() == null ? 0 : p.get().loadMs(),
                    p.get().memoryBytes() == null ? 1 : p.get().memoryBytes() / (1024.0 * 1024.0), recall,
                    Math.max(0, Math.min(1, accuracy)), live.maxBatch()));
            lives.add(live);
        }
        if (models.isEmpty()) {
            throw new ApiException(HttpStatus.CONFLICT, "not-profiled", "application '" + app.name() + "' has no variant "
                    + "with a latency profile and a per-class recall, so SneakPeek cannot choose one; profile it first");
        }
        io.baton.core.sneakpeek.DirichletPrior prior = SneakPeekParams.prior(app, classes);
        io.baton.core.sneakpeek.Penalty penalty = SneakPeekParams.penalty(app);
        return new SneakPeekEngine.App(new io.baton.core.sneakpeek.AppProfile(app.name(), penalty, prior, models, Double.NaN),
                lives);
    }

    /**
     * The one SneakPeek engine over every sneakpeek application seen; a new application or a changed variant set
     * makes a new engine over all of them (the old one finishes what it holds).
     */
    private SneakPeekEngine sneakPeekEngine(CatalogApplication app, SneakPeekEngine.App served) {
        synchronized (sneakPeekApps) {
            SneakPeekEngine.App known = sneakPeekApps.get(app.name());
            boolean same = known != null && known.variants().equals(served.variants());
            if (!same || sneakPeek == null) {
                sneakPeekApps.put(app.name(), served);
                long budget = registry.live().stream().min(Comparator.comparing(Worker::workerId))
                        .map(w -> w.device().memoryBudgetBytes()).orElse(1L << 30);
                sneakPeek = new SneakPeekEngine(List.copyOf(sneakPeekApps.values()), properties.sneakpeekWindow(),
                        budget / (1024.0 * 1024.0), properties.maxBatch(), engineContext);
            }
            return sneakPeek;
        }
    }


    /** One base model's part of an ensemble query: its variant, inputs named as it names them, outputs wanted. */
    public record MemberCall(String variant, List<InferJob.Input> inputs, List<String> outputs) {
    }

    /**
     * Schemble's query-level path (the planner decides per query which base models run it): one query of an ensemble
     * application with policy {@code schemble}, carrying every base model's inputs; the application's
     * {@link SchembleEngine} decides which base models run it, or drops it with the reason. Refused at once: 404
     * unknown application, 400 not a schemble ensemble or a base model's part missing or malformed, 409 no ensemble
     * profile or a base model not profiled.
     */
    public SchembleEngine.Query submitEnsemble(String application, Double timeoutMs, int priority, Double difficulty,
                                               List<MemberCall> members, boolean binaryOutputs) {
        return submitEnsemble(application, timeoutMs, priority, difficulty, members, binaryOutputs, null);
    }

    /** {@code trace}: the query's trace stamps (null: its call carried no trace context). */
    public SchembleEngine.Query submitEnsemble(String application, Double timeoutMs, int priority, Double difficulty,
                                               List<MemberCall> members, boolean binaryOutputs, RequestTrace trace) {
        double now = clock.nowMs();
        CatalogApplication app = catalog.get(application);
        if (trace != null) trace.policy(app.policy());
        boolean queries = PolicyRegistry.liveKind(app.policy()) == LiveEngineKind.ENSEMBLE_QUERIES;
        if (!"ensemble".equals(app.kind()) || !queries) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "application '" + app.name() + "' is a "
                    + app.kind() + " with policy " + app.policy() + ": only an ensemble with policy "
                    + namesOf(LiveEngineKind.ENSEMBLE_QUERIES) + " takes ensemble queries; send its requests to "
                    + "/internal/v1/infer").withField("application");
        }
        if (difficulty != null && (difficulty.isNaN() || difficulty.isInfinite() || difficulty < 0)) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "difficulty: must be a score >= 0, got "
                    + difficulty).withField("difficulty");
        }
        CatalogEnsembleProfile profile = catalog.ensembleProfile(app.name()).orElseThrow(() -> new ApiException(
                HttpStatus.CONFLICT, "not-profiled", "ensemble '" + app.name() + "' has no ensemble profile yet, so "
                + "Schemble has no (bin, subset) table to plan with; profile the application whole first"));
        Map<String, MemberCall> byVariant = new HashMap<>();
        for (MemberCall m : members == null ? List.<MemberCall>of() : members) {
            if (m == null || m.variant() == null) {
                throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "members: every member must name its "
                        + "variant").withField("members");
            }
            byVariant.put(m.variant(), m);
        }
        List<SchembleEngine.Member> parts = new ArrayList<>(profile.models().size());
        for (String model : profile.models()) {
            MemberCall m = byVariant.get(model);
            if (m == null) {
                throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "members: no part for base model '"
                        + model + "' (the ensemble profile's models: " + profile.models() + ")").withField("members");
            }
            CatalogVariant variant = variantOf(app, model);
            LiveVariant live = liveVariant(app, variant, 1);
            if (live.learned() != null) {
                throw new ApiException(HttpStatus.CONFLICT, "not-profiled", "base model '" + model + "' of ensemble '"
                        + app.name() + "' has no latency profile yet, so Schemble cannot plan it; until it has, send "
                        + "each base model's request to /internal/v1/infer").withField("members");
            }
            List<InferJob.Input> ordered = InputCheck.inputs(m.inputs(), variant);
            InputCheck.outputs(m.outputs(), variant);
            parts.add(new SchembleEngine.Member(live, new InferJob(app.name(), live, priority, ordered, m.outputs(),
                    binaryOutputs)));
        }
        double budget = budgetMs(app, timeoutMs);
        SchembleEngine engine = schembleEngine(app, profile, parts);
        SchembleEngine.Query query = new SchembleEngine.Query(parts, now, now + budget, difficulty, trace);
        long guard = (long) budget + 2 * properties.workerCallGrace().toMillis();
        failAfter(query.answer(), new SchembleEngine.Failed("no answer within " + guard
                + " ms: the query was lost between the scheduler and the workers"), guard);
        tell(query.answer(), new RequestListener.Arrival(app.name(), epochAtClockZeroMs + now,
                epochAtClockZeroMs + now + budget, parts.get(0).job().rows(), app.policy(), null),
                SchembleEngine.Outcome::asRequestOutcome);
        engine.submit(query);
        return query;
    }

    /** The application's engine for this profile and these variants; a change makes a new one (the old one drains). */
    private SchembleEngine schembleEngine(CatalogApplication app, CatalogEnsembleProfile profile,
                                          List<SchembleEngine.Member> parts) {
        String key = app.name() + '\u0000' + profile.version() + '\u0000'
                + parts.stream().map(p -> p.variant().key()).collect(Collectors.joining("\u0001"));
        SchembleEngine current = schembleEngines.get(key);
        if (current != null) return current;
        synchronized (schembleEngines) {
            return schembleEngines.computeIfAbsent(key, k -> {
                double[] edges = profile.binEdges().stream().mapToDouble(Double::doubleValue).toArray();
                double[][] table = profile.accuracy().stream()
                        .map(row -> row.stream().mapToDouble(Double::doubleValue).toArray()).toArray(double[][]::new);
                long[] counts = profile.binCounts().stream().mapToLong(Long::longValue).toArray();
                SchembleEngine e = new SchembleEngine(app.name(), parts.stream().map(SchembleEngine.Member::variant).toList(),
                        new AccuracyProfile(ScoreBins.ofEdges(edges), table), counts, overheadMs(),
                        properties.schembleDelta(), engineContext);
                schembleEngines.entrySet().removeIf(old -> old.getValue().application().equals(app.name()));
                return e;
            });
        }
    }

    /**
     * A request that named no variant speaks the application's tensor names; the registry only asks a variant's
     * specs to match the application's by position, so the names are mapped by position onto the variant the
     * scheduler chose. Names already the variant's, or not the application's, pass as they are.
     */
    private static List<InferJob.Input> byPosition(List<InferJob.Input> inputs, CatalogApplication app,
                                                   CatalogVariant variant) {
        if (inputs == null || app.inputs().size() != variant.inputs().size()) return inputs;
        List<InferJob.Input> renamed = new ArrayList<>(inputs.size());
        for (InferJob.Input in : inputs) {
            int at = -1;
            for (int i = 0; in != null && i < app.inputs().size(); i++) {
                if (app.inputs().get(i).name().equals(in.name())) at = i;
            }
            boolean variantsOwn = in != null && variant.inputs().stream().anyMatch(t -> t.name().equals(in.name()));
            if (at < 0 || variantsOwn) {
                renamed.add(in);
            } else {
                renamed.add(in.named(variant.inputs().get(at).name()));
            }
        }
        return renamed;
    }

    /**
     * The variant a stage request runs when it names none: for a pipeline whose policy is {@code ipa}, the stage's
     * variant and batch cap in IPA's live plan; for any other pipeline, the stage's first variant by name (as the
     * gateway picks when no version is named).
     */
    private LivePipelinePlanner.StageChoice stageChoice(CatalogApplication app, int stage) {
        if (!"pipeline".equals(app.kind())) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "stage: only a pipeline application has "
                    + "stages; '" + app.name() + "' is " + app.kind()).withField("stage");
        }
        int stages = app.variants().stream().mapToInt(CatalogVariant::stage).max().orElse(-1) + 1;
        if (stage < 0 || stage >= stages) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "stage: pipeline '" + app.name()
                    + "' has stages 0 to " + (stages - 1) + ", got " + stage).withField("stage");
        }
        String[] kind = planningKind;
        List<CatalogVariant> unprofiled = app.variants().stream().filter(v -> v.profileFor(kind[0], kind[1]).isEmpty())
                .toList();
        // IPA plans a pipeline only once every variant is profiled; until then each stage runs its first variant
        // (work-conserving, with latencies learned online where it has no profile).
        if (PolicyRegistry.liveKind(app.policy()) == LiveEngineKind.PIPELINE_STAGES && unprofiled.isEmpty()) {
            return pipelines.choose(app, stage, kind, overheadMs(), registry.live().size());
        }
        CatalogVariant first = app.variants().stream().filter(v -> v.stage() == stage)
                .min(Comparator.comparing(CatalogVariant::name)).orElseThrow();
        return new LivePipelinePlanner.StageChoice(first.name(), Integer.MAX_VALUE);
    }

    /**
     * Plans every pipeline IPA has planned before, now (IPA's adaptation tick): with no traffic its forecast falls and
     * its replicas with it. A pipeline the registry no longer has, or whose policy is no longer {@code ipa}, is
     * skipped.
     */
    public void replanPipelines() {
        String[] kind = planningKind;
        for (String name : pipelines.planned()) {
            try {
                CatalogApplication app = catalog.get(name);
                boolean staged = PolicyRegistry.liveKind(app.policy()) == LiveEngineKind.PIPELINE_STAGES;
                if (staged && "pipeline".equals(app.kind())) {
                    pipelines.replan(app, kind, overheadMs(), registry.live().size());
                }
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(DispatchService.class).debug("ipa: not re-planning {}: {}", name, e.toString());
            }
        }
    }

    /**
     * The plans the live {@code interference} policies run with now, so that an operator can see where the re-planner
     * put each model: one per engine ({@code interference}, {@code interference-off}) that has served a request and has
     * a live worker.
     */
    public List<io.baton.core.interference.InterferenceDispatcher.PlanView> interferencePlans() {
        List<io.baton.core.interference.InterferenceDispatcher.PlanView> out = new ArrayList<>();
        for (PolicyEntry policy : PolicyRegistry.entries()) {
            LiveEngine e = engines.get(policy.name());
            if (e != null && e.runningPolicy() instanceof io.baton.core.interference.InterferenceDispatcher d) out.add(d.plan());
        }
        return out;
    }

    /** The live IPA plan of a pipeline application, once one of its requests has been planned. */
    public Optional<LivePipelinePlanner.LivePlan> pipelinePlan(String application) {
        catalog.get(application);
        return pipelines.current(application);
    }

    /**
     * A later pipeline stage gets the previous stage's outputs, named as that stage's variant named them: when they
     * are as many as the chosen variant's inputs and are not already named as its inputs, they are renamed by
     * position.
     */
    private static List<InferJob.Input> inOrder(List<InferJob.Input> inputs, CatalogVariant variant) {
        if (inputs == null || inputs.size() != variant.inputs().size() || inputs.contains(null)) return inputs;
        boolean own = inputs.stream().allMatch(in -> variant.inputs().stream().anyMatch(t -> t.name().equals(in.name())));
        if (own) return inputs;
        List<InferJob.Input> renamed = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            InferJob.Input in = inputs.get(i);
            renamed.add(in.named(variant.inputs().get(i).name()));
        }
        return renamed;
    }

    public Readiness readiness(String application) {
        CatalogApplication app = catalog.get(application);
        List<Worker> live = registry.live();
        String[] kind = deviceKind(live);
        List<VariantState> states = new ArrayList<>();
        for (CatalogVariant v : app.variants()) {
            boolean profiled = v.profileFor(kind[0], kind[1]).isPresent();
            states.add(new VariantState(v.name(), v.stage(), v.artifactDigest(), profiled,
                    profiled ? "profiled" : "unprofiled"));
        }
        Optional<CatalogVariant> byDefault = app.single() ? defaultOrFirst(app, kind) : Optional.empty();
        String reason = null;
        if (app.variants().isEmpty()) {
            reason = "the application has no variants";
        } else if (live.isEmpty()) {
            reason = "no worker is live";
        }
        LiveEngineKind engine = PolicyRegistry.liveKind(app.policy());
        String servedBy = PolicyRegistry.servingRequests(app.policy()).name();
        if (engine == LiveEngineKind.SHARED_WINDOWS && app.single() && sneakPeekCanChoose(app)) {
            servedBy = app.policy(); // requests naming no variant
        }
        boolean unprofiledDefault = byDefault.isPresent() && byDefault.get().profileFor(kind[0], kind[1]).isEmpty();
        if (unprofiledDefault) servedBy = PolicyRegistry.fallback().name(); // learning its latencies online
        if ("ensemble".equals(app.kind()) && engine == LiveEngineKind.ENSEMBLE_QUERIES) {
            // Queries are planned by Schemble once its (bin, subset) table is stored; until then every base model runs.
            try {
                if (catalog.ensembleProfile(app.name()).isPresent()) servedBy = app.policy();
            } catch (ApiException registryDown) {
                // readiness still answers; the query path reports the registry's failure itself
            }
        }
        return new Readiness(app.name(), app.policy(), servedBy,
                reason == null ? "READY" : "UNAVAILABLE", reason, byDefault.map(CatalogVariant::name).orElse(null),
                live.size(), states);
    }

    /** Requests of the application waiting for a batch, over every engine. */
    public int waiting(String application) {
        int n = 0;
        for (LiveEngine e : engines.values()) n += e.waiting(application);
        return n;
    }

    @Override
    public void close() {
        engines.values().forEach(LiveEngine::close);
        schembleEngines.values().forEach(SchembleEngine::close);
        synchronized (sneakPeekApps) {
            if (sneakPeek != null) sneakPeek.close();
        }
    }

    private CatalogVariant variantOf(CatalogApplication app, String name) {
        if (name != null) {
            return app.variant(name).orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "not-found",
                    "application '" + app.name() + "' has no variant '" + name + "' (its variants: "
                            + app.variants().stream().map(CatalogVariant::name).toList() + ")").withField("variant"));
        }
        if ("pipeline".equals(app.kind())) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "variant: a request to pipeline '"
                    + app.name() + "' must name a stage's variant, or the stage (the scheduler then chooses)")
                    .withField("variant");
        }
        if (!app.single()) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "variant: must name a base model of "
                    + app.kind() + " application '" + app.name() + "'").withField("variant");
        }
        if (app.variants().isEmpty()) {
            throw new ApiException(HttpStatus.CONFLICT, "not-profiled", "application '" + app.name() + "' has no variants yet");
        }
        return cachedDefaultVariant(app).orElseGet(() -> app.variants().get(0));
    }

    /** {@link #defaultVariant}, else (none profiled yet) the first variant registered, served unprofiled. */
    private Optional<CatalogVariant> defaultOrFirst(CatalogApplication app, String[] kind) {
        Optional<CatalogVariant> chosen = defaultVariant(app, kind);
        return chosen.isPresent() || app.variants().isEmpty() ? chosen : Optional.of(app.variants().get(0));
    }

    /**
     * {@link #defaultVariant} for the request path: the choice builds a latency profile per variant, so it is made
     * once per application as read from the catalog and per device kind, not on every request.
     */
    private Optional<CatalogVariant> cachedDefaultVariant(CatalogApplication app) {
        String[] kind = planningKind;
        DefaultChoice choice = defaults.get(app.name());
        if (choice == null || choice.app() != app || choice.kind() != kind) {
            choice = new DefaultChoice(app, kind, defaultVariant(app, kind));
            defaults.put(app.name(), choice);
        }
        return choice.variant();
    }

    /** A default variant chosen for this very catalog entry and device kind (compared by identity). */
    private record DefaultChoice(CatalogApplication app, String[] kind, Optional<CatalogVariant> variant) {
    }

    /**
     * The variant a single-model application serves when the request names none: the most accurate profiled one
     * whose ℓ(1) is at most half the SLO (the other half is room to queue and batch), else the fastest one.
     */
    private Optional<CatalogVariant> defaultVariant(CatalogApplication app, String[] kind) {
        CatalogVariant best = null, fastest = null;
        double bestAccuracy = Double.NEGATIVE_INFINITY, fastestMs = Double.POSITIVE_INFINITY;
        for (CatalogVariant v : app.variants()) {
            Optional<CatalogProfile> p = v.profileFor(kind[0], kind[1]);
            if (p.isEmpty()) continue;
            double l1 = p.get().toLatencyProfile(overheadMs()).latencyMs(1);
            double accuracy = p.get().accuracy() == null || p.get().accuracy().isNaN() ? -1 : p.get().accuracy();
            if (l1 < fastestMs) {
                fastestMs = l1;
                fastest = v;
            }
            if (l1 <= app.sloMs() / 2 && accuracy > bestAccuracy) {
                bestAccuracy = accuracy;
                best = v;
            }
        }
        return Optional.ofNullable(best != null ? best : fastest);
    }

    /**
     * The variant as dispatch serves it. Its batch cap: 1 when it does not batch ({@code maxBatchSize} 0), else the
     * least of {@code batchCap} (a plan's), the scheduler's {@code max-batch}, its {@code maxBatchSize} and the largest
     * batch profiled. A variant with no profile yet is served with latencies learned online ({@link LearnedLatency}),
     * until its profile lands: the next catalog read then makes the profiled one, planned by the application's policy.
     */
    private LiveVariant liveVariant(CatalogApplication app, CatalogVariant variant, int batchCap) {
        String[] kind = planningKind;
        Optional<CatalogProfile> found = variant.profileFor(kind[0], kind[1]);
        String profileKey = found.map(p -> p.deviceKind() + "/" + p.executionProvider() + "/v" + p.version())
                .orElse("unprofiled");
        int cap = variant.batchCap(Math.min(batchCap, found.map(p -> Math.min(properties.maxBatch(), p.largestBatch()))
                .orElse(properties.maxBatch())));
        String key = app.name() + '\u0000' + variant.name() + '\u0000' + variant.artifactDigest() + '\u0000' + profileKey
                + '\u0000' + app.sloMs() + '\u0000' + cap + '\u0000' + variant.batchable();
        return variants.computeIfAbsent(key, k -> found.isPresent()
                ? new LiveVariant(app.name(), variant.name(), variant.artifactDigest(), profileKey,
                        found.get().toLatencyProfile(0), app.sloMs(), cap, found.get().interference(),
                        variant.batchable(), null)
                : new LiveVariant(app.name(), variant.name(), variant.artifactDigest(), profileKey,
                        LatencyProfile.linear(0, LearnedLatency.PRIOR_MS), app.sloMs(), cap, null, variant.batchable(),
                        learned.computeIfAbsent(app.name() + '\u0000' + variant.name() + '\u0000'
                                + variant.artifactDigest(), n -> new LearnedLatency())));
    }

    private double overheadMs() {
        return properties.dispatchOverhead().toNanos() / 1e6;
    }

    /** Device kind and execution provider profiles are chosen for: the first live worker's, else the CPU's. */
    private static String[] deviceKind(List<Worker> live) {
        return live.stream().min(Comparator.comparing(Worker::workerId))
                .map(w -> new String[] {w.device().kind(), w.device().provider()})
                .orElse(new String[] {"cpu", "cpu"});
    }

    /** The names of the policies served live by {@code kind}, for messages. */
    private static String namesOf(LiveEngineKind kind) {
        return PolicyRegistry.entries().stream().filter(e -> e.live() == kind).map(PolicyEntry::name)
                .collect(Collectors.joining(" or "));
    }

    /** The one engine running {@code policy}'s dispatcher over every live worker, for every application it serves. */
    private LiveEngine requestEngine(PolicyEntry policy) {
        LiveEngine engine = engines.get(policy.name());
        if (engine != null) return engine;
        synchronized (registry) { // no membership change between seeding the engine and it hearing of changes
            return engines.computeIfAbsent(policy.name(), p -> {
                LiveEngine e = new LiveEngine(p,
                        LivePolicies.factory(policy, properties.interference(), engineContext.metrics()), engineContext,
                        properties.maxAttempts(), overheadMs());
                registry.live().forEach(e::workerJoined);
                return e;
            });
        }
    }

    private void watchBreaker(String workerId) {
        if (watchedBreakers.add(workerId)) {
            engineContext.workers().onBreakerChange(workerId,
                    open -> engines.values().forEach(e -> e.breakerChanged(workerId, open)));
        }
    }

    /** Membership changes, forwarded to every engine (called under the registry's lock, in order). */
    private final class Membership implements WorkerListener {
        @Override
        public void joined(Worker worker) {
            watchBreaker(worker.workerId());
            engineContext.workers().reset(worker.workerId());
            engineContext.workers().connect(worker);
            planningKind = deviceKind(registry.live());
            engines.values().forEach(e -> e.workerJoined(worker));
        }

        @Override
        public void left(Worker worker) {
            engineContext.workers().forget(worker.workerId());
            planningKind = deviceKind(registry.live());
            engines.values().forEach(e -> e.workerLeft(worker, worker.leftReason()));
        }
    }
}
