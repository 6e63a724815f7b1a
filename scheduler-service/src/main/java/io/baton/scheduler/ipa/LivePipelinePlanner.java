package io.baton.scheduler.ipa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.core.ipa.EnumerationIpaSolver;
import io.baton.core.ipa.IpaPlan;
import io.baton.core.ipa.IpaPolicy;
import io.baton.core.ipa.IpaProblem;
import io.baton.core.ipa.IpaSolver;
import io.baton.core.ipa.ModelVariant;
import io.baton.core.ipa.Pipeline;
import io.baton.core.ipa.PipelineStage;
import io.baton.core.ipa.StageConfig;
import io.baton.core.ipa.Weights;
import io.baton.core.ipa.forecast.LoadForecaster;
import io.baton.core.ipa.forecast.MovingMaxForecaster;
import io.baton.scheduler.catalog.CatalogApplication;
import io.baton.scheduler.catalog.CatalogProfile;
import io.baton.scheduler.catalog.CatalogVariant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * IPA live (the paper's adapter, §3 and §4.4) for pipeline applications whose policy is {@code ipa}: once per
 * adaptation interval it forecasts the pipeline's arrival rate from the last two minutes of per-second counts, solves
 * IPA's integer program over the stages' profiled variants ({@link EnumerationIpaSolver}, exact), and from then on
 * every stage request that names no variant runs the stage's chosen variant in batches of at most the chosen size.
 *
 * <p>Choices the paper leaves to its Kubernetes setting, made here for a live Baton suite:
 * <ul>
 *   <li><b>SLA.</b> The application's SLO is SLA_P (the paper derives SLA_P as 5× the mean batch-1 latency only
 *       because its pipelines had no user SLO).</li>
 *   <li><b>Latency.</b> Each variant's profiled p50 ℓ(b) plus the scheduler's dispatch overhead per batch: a stage
 *       costs a round trip to a worker as well as ONNX Runtime time.</li>
 *   <li><b>Accuracy.</b> The profile's accuracy on the validation set; a variant whose profile has none (an
 *       intermediate stage, which writes features) counts as 1, so it takes no part in the accuracy term.</li>
 *   <li><b>Cost.</b> One worker (a CPU core, or one GPU) per replica, R_m = 1; the replica cap is the live workers.
 *       Locally every live worker serves every stage, so the replica counts are advice, shown in the plan for an
 *       actuator to apply; dispatch follows the variant and batch choices.</li>
 *   <li><b>Forecast.</b> Moving maximum over the window (the paper's baseline forecaster): the LSTM needs a trace of
 *       this deployment's own load to be trained on, which a fresh suite does not have.</li>
 *   <li><b>When.</b> Planning happens on a stage request once the plan is older than the interval (or the
 *       application's variants or profiles changed), not on a timer: an idle pipeline needs no plan.</li>
 *   <li><b>Weights.</b> {@code policyParams} {@code alpha}, {@code beta}, {@code delta} of the application; absent:
 *       α = 10, β = 0.5, δ = 10⁻⁶ (Table 15's values for three of the paper's five pipelines).</li>
 * </ul>
 * As in the paper's adapter, when the program has no solution the current configuration stays; before any exists, the
 * lightest variant of every stage at the largest batch.
 */
public class LivePipelinePlanner {

    private static final Logger log = LoggerFactory.getLogger(LivePipelinePlanner.class);

    /** IPA's batch sizes (§4.2: profiles at 1, 2, 4 … 64). */
    static final int[] BATCH_SIZES = {1, 2, 4, 8, 16, 32, 64};
    static final Weights DEFAULT_WEIGHTS = new Weights(10, 0.5, 1e-6);

    /** The live plan of one pipeline, as {@code GET /v1/pipelines/{app}/plan} shows it. */
    public record LivePlan(String application, double plannedRatePerSec, double slaMs, boolean solved,
                           double accuracy, int cost, double latencyMs, List<StageConfig> stages, long plannedAtMs) {
    }

    /** The variant and batch cap a stage request runs with. */
    public record StageChoice(String variant, int maxBatch) {
    }

    private final long intervalMs;
    private final LongSupplier clockMs;
    private final IpaSolver solver = new EnumerationIpaSolver();
    private final LoadForecaster forecaster = new MovingMaxForecaster();
    private final ConcurrentHashMap<String, PipelineState> pipelines = new ConcurrentHashMap<>();
    private volatile PlanListener listener = (previous, next) -> { };
    private volatile java.util.function.IntUnaryOperator replicaCap = live -> live;

    /** Told of every plan whose stage configuration differs from the one before (on the thread that planned). */
    public interface PlanListener {
        void changed(LivePlan previous, LivePlan next);
    }

    public LivePipelinePlanner(long intervalMs, LongSupplier clockMs) {
        if (intervalMs < 1) throw new IllegalArgumentException("the adaptation interval must be ≥ 1 ms, got " + intervalMs);
        this.intervalMs = intervalMs;
        this.clockMs = clockMs;
    }

    public void listener(PlanListener listener) {
        this.listener = listener;
    }

    /** The replica cap from the number of live workers (default: that number; an actuator that can add workers lifts it). */
    public void replicaCap(java.util.function.IntUnaryOperator cap) {
        this.replicaCap = cap;
    }

    /** The pipelines planned so far. */
    public List<String> planned() {
        return List.copyOf(pipelines.keySet());
    }

    /** Plans {@code app} now, whether or not its plan is due (the adapter loop's tick). */
    public LivePlan replan(CatalogApplication app, String[] kind, double overheadMs, int workers) {
        PipelineState state = pipelines.computeIfAbsent(app.name(), a -> new PipelineState());
        LivePlan previous, next;
        synchronized (state) {
            previous = state.plan;
            next = plan(app, state, kind, overheadMs, Math.max(1, replicaCap.applyAsInt(workers)), clockMs.getAsLong());
            state.plan = next;
            state.plannedFor = app;
        }
        notifyIfChanged(previous, next);
        return next;
    }

    private void notifyIfChanged(LivePlan previous, LivePlan next) {
        if (previous == null || !previous.stages().equals(next.stages())) {
            try {
                listener.changed(previous, next);
            } catch (RuntimeException e) {
                log.warn("ipa: a plan listener failed: {}", e.toString());
            }
        }
    }

    /**
     * The choice for one stage request of {@code app}, counting the request into the pipeline's load when it is a
     * stage-0 request (every request enters there). Re-plans first when the plan is due.
     *
     * @param kind       device kind and execution provider whose profiles to plan with
     * @param overheadMs dispatch overhead added to every ℓ(b)
     * @param workers    live workers: the replica cap
     */
    public StageChoice choose(CatalogApplication app, int stage, String[] kind, double overheadMs, int workers) {
        PipelineState state = pipelines.computeIfAbsent(app.name(), a -> new PipelineState());
        long now = clockMs.getAsLong();
        if (stage == 0) state.load.record(now);
        LivePlan plan, previous = null;
        boolean planned = false;
        synchronized (state) {
            if (state.plan == null || state.plannedFor != app || now - state.plan.plannedAtMs() >= intervalMs) {
                previous = state.plan;
                state.plan = plan(app, state, kind, overheadMs, Math.max(1, replicaCap.applyAsInt(workers)), now);
                state.plannedFor = app;
                planned = true;
            }
            plan = state.plan;
        }
        if (planned) notifyIfChanged(previous, plan);
        StageConfig c = plan.stages().get(stage);
        return new StageChoice(c.variant(), c.batch());
    }

    /** The current plan of a pipeline, if one was made. */
    public Optional<LivePlan> current(String application) {
        PipelineState state = pipelines.get(application);
        if (state == null) return Optional.empty();
        synchronized (state) {
            return Optional.ofNullable(state.plan);
        }
    }

    private LivePlan plan(CatalogApplication app, PipelineState state, String[] kind, double overheadMs, int workers,
                          long now) {
        Pipeline pipeline = pipeline(app, kind, overheadMs);
        double lambda = forecaster.predict(state.load.perSecond(now));
        // batch sizes within what every variant was profiled at, and within every variant's own cap (1 for a model
        // that does not batch)
        int maxBatch = app.variants().stream().flatMap(v -> v.profileFor(kind[0], kind[1]).stream()
                        .map(p -> v.batchCap(p.largestBatch())))
                .mapToInt(Integer::intValue).min().orElse(1);
        int[] sizes = Arrays.stream(BATCH_SIZES).filter(b -> b <= maxBatch).toArray();
        IpaProblem problem = IpaProblem.of(pipeline, lambda, app.sloMs(), weights(app), sizes, workers);
        IpaPlan solved = solver.solve(problem);
        LivePlan plan;
        if (solved.feasible()) {
            plan = new LivePlan(app.name(), lambda, app.sloMs(), true, solved.accuracy(), solved.cost(),
                    solved.latencyMs(), solved.stages(), now);
        } else if (state.plan != null && state.plannedFor != null && sameStages(state.plannedFor, app)) {
            LivePlan kept = state.plan;
            plan = new LivePlan(app.name(), lambda, app.sloMs(), false, kept.accuracy(), kept.cost(), kept.latencyMs(),
                    kept.stages(), now);
        } else {
            plan = fallback(app, pipeline, problem, lambda, now);
        }
        if (state.plan == null || !state.plan.stages().equals(plan.stages())) {
            log.info("ipa: pipeline '{}' at {} req/s (forecast): {}{}", app.name(),
                    String.format(java.util.Locale.ROOT, "%.1f", lambda), plan.stages(),
                    plan.solved() ? "" : " (no configuration meets the SLO at this rate: kept the last one)");
        }
        return plan;
    }

    /** The stages with their variants in name order, each with its profile on {@code kind}. */
    static Pipeline pipeline(CatalogApplication app, String[] kind, double overheadMs) {
        int stages = app.variants().stream().mapToInt(CatalogVariant::stage).max().orElse(-1) + 1;
        if (stages == 0) throw new IllegalStateException("pipeline '" + app.name() + "' has no stages");
        List<PipelineStage> out = new ArrayList<>(stages);
        for (int s = 0; s < stages; s++) {
            int stage = s;
            List<ModelVariant> variants = new ArrayList<>();
            app.variants().stream().filter(v -> v.stage() == stage).sorted(Comparator.comparing(CatalogVariant::name))
                    .forEach(v -> v.profileFor(kind[0], kind[1]).ifPresent(p -> variants.add(variant(v, p, overheadMs))));
            if (variants.isEmpty()) {
                throw new IllegalStateException("stage " + s + " of pipeline '" + app.name() + "' has no profiled variant");
            }
            out.add(new PipelineStage("stage-" + s, variants));
        }
        return new Pipeline(app.name(), out);
    }

    private static ModelVariant variant(CatalogVariant v, CatalogProfile p, double overheadMs) {
        Double a = p.accuracy();
        double accuracy = a != null && a > 0 && a <= 1 ? a : 1;
        return new ModelVariant(v.name(), accuracy, 1, p.toLatencyProfile(overheadMs));
    }

    static Weights weights(CatalogApplication app) {
        Map<String, JsonNode> params = app.policyParams();
        return new Weights(param(params, "alpha", DEFAULT_WEIGHTS.alpha()), param(params, "beta", DEFAULT_WEIGHTS.beta()),
                param(params, "delta", DEFAULT_WEIGHTS.delta()));
    }

    private static double param(Map<String, JsonNode> params, String name, double otherwise) {
        JsonNode n = params.get(name);
        return n != null && n.isNumber() && n.asDouble() >= 0 ? n.asDouble() : otherwise;
    }

    /** The lightest variant of every stage at the largest batch, with every worker: the most throughput there is. */
    private static LivePlan fallback(CatalogApplication app, Pipeline pipeline, IpaProblem p, double lambda, long now) {
        int[] lightest = IpaPolicy.lightest(pipeline);
        int batch = Arrays.stream(p.batchSizes()).max().orElse(1);
        List<StageConfig> stages = new ArrayList<>();
        double accuracy = 1, latency = 0;
        for (int s = 0; s < pipeline.size(); s++) {
            ModelVariant v = pipeline.stage(s).variants().get(lightest[s]);
            stages.add(new StageConfig(pipeline.stage(s).name(), lightest[s], v.name(), batch, p.maxReplicas(), v.cores()));
            accuracy *= v.accuracy();
            latency += v.latencyMs(batch) + p.queueingMs(batch);
        }
        return new LivePlan(app.name(), lambda, app.sloMs(), false, accuracy, p.maxReplicas() * pipeline.size(), latency,
                stages, now);
    }

    private static boolean sameStages(CatalogApplication a, CatalogApplication b) {
        return a.variants().stream().map(v -> v.stage() + "/" + v.name()).sorted().toList()
                .equals(b.variants().stream().map(v -> v.stage() + "/" + v.name()).sorted().toList());
    }

    private static final class PipelineState {
        final ArrivalSeries load = new ArrivalSeries(LoadForecaster.WINDOW_S);
        LivePlan plan;
        CatalogApplication plannedFor;
    }
}
