package io.baton.scheduler.ipa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import io.baton.commons.tensor.TensorSpec;
import io.baton.core.ipa.IpaProblem;
import io.baton.core.ipa.ModelVariant;
import io.baton.core.ipa.Pipeline;
import io.baton.core.ipa.Weights;
import io.baton.scheduler.catalog.CatalogApplication;
import io.baton.scheduler.catalog.CatalogProfile;
import io.baton.scheduler.catalog.CatalogVariant;

class LivePipelinePlannerTest {

    private static final String[] CPU = {"cpu", "cpu"};
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final LivePipelinePlanner planner = new LivePipelinePlanner(10_000, clock::get);

    /** features (no accuracy), then a heavy accurate head or a light less accurate one. */
    private static CatalogApplication pipeline(double sloMs, Map<String, JsonNode> params) {
        return new CatalogApplication("pipe", "pipeline", "ipa", sloMs, List.of(), List.of(), List.of(
                variant("features", 0, null, 0.5, 0.1),
                variant("head-big", 1, 0.9, 20, 2),
                variant("head-small", 1, 0.8, 2, 0.2)), params);
    }

    private static CatalogVariant variant(String name, int stage, Double accuracy, double beta, double alpha) {
        List<CatalogProfile.Point> points = new ArrayList<>();
        for (int b = 1; b <= 64; b *= 2) points.add(new CatalogProfile.Point(b, beta + alpha * b, beta + alpha * b));
        TensorSpec io = new TensorSpec("x", "FP32", List.of(-1L, 4L));
        return new CatalogVariant(name, stage, "sha-" + name, List.of(io), List.of(io),
                List.of(new CatalogProfile("cpu", "cpu", points, accuracy, 1L)));
    }

    @Test
    void atLowLoadTheMostAccurateHeadRunsAtTheSmallestBatch() {
        CatalogApplication app = pipeline(100, Map.of());
        assertThat(planner.choose(app, 0, CPU, 0, 1)).isEqualTo(new LivePipelinePlanner.StageChoice("features", 1));
        assertThat(planner.choose(app, 1, CPU, 0, 1)).isEqualTo(new LivePipelinePlanner.StageChoice("head-big", 1));
        LivePipelinePlanner.LivePlan plan = planner.current("pipe").orElseThrow();
        assertThat(plan.solved()).isTrue();
        assertThat(plan.accuracy()).isEqualTo(0.9);
    }

    @Test
    void underLoadTheHeavyHeadNoLongerFitsOneWorkerAndTheLightOneTakesOver() {
        CatalogApplication app = pipeline(100, Map.of());
        planner.choose(app, 0, CPU, 0, 1);
        for (int s = 0; s < 5; s++) {                    // 300 requests per second for 5 s
            for (int i = 0; i < 300; i++) {
                clock.addAndGet(1000 / 300);
                planner.choose(app, 0, CPU, 0, 1);
            }
            clock.set((clock.get() / 1000 + 1) * 1000);
        }
        assertThat(planner.current("pipe").orElseThrow().stages().get(1).variant())
                .as("within the interval the plan stays").isEqualTo("head-big");
        clock.addAndGet(10_000);
        LivePipelinePlanner.StageChoice head = planner.choose(app, 1, CPU, 0, 1);
        LivePipelinePlanner.LivePlan plan = planner.current("pipe").orElseThrow();
        assertThat(plan.plannedRatePerSec()).isGreaterThanOrEqualTo(290);
        assertThat(head.variant()).isEqualTo("head-small");
        // the plan is the optimum of IPA's program, checked by brute force over variant × batch per stage
        Brute best = brute(LivePipelinePlanner.pipeline(app, CPU, 0), plan.plannedRatePerSec(), 100,
                LivePipelinePlanner.DEFAULT_WEIGHTS, 1);
        assertThat(plan.stages().stream().map(c -> c.variant() + "@" + c.batch()).toList()).isEqualTo(best.choice);
    }

    @Test
    void randomPipelinesAgreeWithBruteForce() {
        java.util.Random rnd = new java.util.Random(7);
        for (int trial = 0; trial < 40; trial++) {
            double slo = 20 + rnd.nextInt(200);
            int workers = 1 + rnd.nextInt(4);
            CatalogApplication app = new CatalogApplication("p" + trial, "pipeline", "ipa", slo, List.of(), List.of(),
                    List.of(variant("a", 0, 0.5 + rnd.nextDouble() / 2, rnd.nextDouble() * 10, rnd.nextDouble()),
                            variant("b", 0, 0.5 + rnd.nextDouble() / 2, rnd.nextDouble() * 10, rnd.nextDouble()),
                            variant("c", 1, 0.5 + rnd.nextDouble() / 2, rnd.nextDouble() * 10, rnd.nextDouble()),
                            variant("d", 1, 0.5 + rnd.nextDouble() / 2, rnd.nextDouble() * 10, rnd.nextDouble())),
                    Map.of());
            LivePipelinePlanner p = new LivePipelinePlanner(10_000, clock::get);
            int perSecond = rnd.nextInt(400);
            for (int i = 0; i < perSecond; i++) p.choose(app, 0, CPU, 0, workers);
            clock.addAndGet(1000);
            clock.addAndGet(10_000);
            p.choose(app, 1, CPU, 0, workers);
            LivePipelinePlanner.LivePlan plan = p.current(app.name()).orElseThrow();
            Brute best = brute(LivePipelinePlanner.pipeline(app, CPU, 0), plan.plannedRatePerSec(), slo,
                    LivePipelinePlanner.DEFAULT_WEIGHTS, workers);
            assertThat(plan.solved()).as("trial %d", trial).isEqualTo(best.choice != null);
            if (best.choice != null) {
                double objective = plan.accuracy() * 10 - 0.5 * plan.cost()
                        - 1e-6 * plan.stages().stream().mapToInt(c -> c.batch()).sum();
                assertThat(objective).as("trial %d", trial).isCloseTo(best.objective, org.assertj.core.data.Offset.offset(1e-9));
            }
        }
    }

    @Test
    void weightsComeFromThePolicyParameters() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        Weights w = LivePipelinePlanner.weights(pipeline(100, Map.of("alpha", f.numberNode(3), "beta", f.numberNode(2))));
        assertThat(w).isEqualTo(new Weights(3, 2, 1e-6));
    }

    @Test
    void withNoFeasibleConfigurationTheLightestVariantsRunAtTheLargestBatch() {
        CatalogApplication app = pipeline(1, Map.of());   // 1 ms: no configuration meets it
        assertThat(planner.choose(app, 1, CPU, 0, 2)).isEqualTo(new LivePipelinePlanner.StageChoice("head-small", 64));
        assertThat(planner.current("pipe").orElseThrow().solved()).isFalse();
    }

    @Test
    void arrivalsAreCountedPerCompleteSecond() {
        ArrivalSeries series = new ArrivalSeries(120);
        assertThat(series.perSecond(5_000)).containsExactly(0);
        for (int i = 0; i < 3; i++) series.record(10_100);
        series.record(11_500);
        series.record(13_000);
        assertThat(series.perSecond(13_200)).containsExactly(3, 1, 0);
        assertThat(series.perSecond(200_000)).hasSize(120).containsOnly(0);
    }

    private record Brute(List<String> choice, double objective) {
    }

    /** Every (variant, batch) per stage with the fewest replicas covering λ: the best objective of Eq. 9 under Eq. 10. */
    private static Brute brute(Pipeline pipe, double lambda, double sla, Weights w, int maxReplicas) {
        int[] sizes = LivePipelinePlanner.BATCH_SIZES;
        IpaProblem p = IpaProblem.of(pipe, lambda, sla, w, sizes, maxReplicas);
        List<String> best = null;
        double bestObjective = Double.NEGATIVE_INFINITY;
        int n = pipe.size();
        int options = 1;
        List<int[]> perStage = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            perStage.add(new int[] {pipe.stage(s).variants().size() * sizes.length});
            options *= perStage.get(s)[0];
        }
        for (int code = 0; code < options; code++) {
            int c = code;
            double acc = 1, latency = 0, cost = 0, batchSum = 0;
            boolean ok = true;
            List<String> choice = new ArrayList<>();
            for (int s = 0; s < n; s++) {
                int k = c % perStage.get(s)[0];
                c /= perStage.get(s)[0];
                ModelVariant v = pipe.stage(s).variants().get(k / sizes.length);
                int b = sizes[k % sizes.length];
                double h = v.throughput(b);
                int replicas = Math.max(1, (int) Math.ceil(lambda / h - 1e-12));
                if (replicas > maxReplicas) ok = false;
                acc *= v.accuracy();
                latency += v.latencyMs(b) + p.queueingMs(b);
                cost += replicas * v.cores();
                batchSum += b;
                choice.add(v.name() + "@" + b);
            }
            if (!ok || latency > sla) continue;
            double objective = w.alpha() * acc - w.beta() * cost - w.delta() * batchSum;
            if (objective > bestObjective + 1e-12) {
                bestObjective = objective;
                best = choice;
            }
        }
        return new Brute(best, bestObjective);
    }
}
