package io.baton.core.ipa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.ipa.forecast.MovingMaxForecaster;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The pipeline simulation: central queue, batch timeout, round-robin, the two drop rules, cost accounting. */
class PipelineSimulatorTest {

    private static ModelVariant linear(String name, double l1, double perItem, int cores) {
        return new ModelVariant(name, 0.5, cores, LatencyProfile.measured(Map.of(1, l1, 2, l1 + perItem, 4, l1 + 3 * perItem),
                LatencyProfile.Fit.QUADRATIC));
    }

    private static PipelineSimulator.Controller fixed(Pipeline p, double rate, int[] batch, int[] replicas) {
        return (now, h, cur) -> {
            List<StageConfig> cs = new java.util.ArrayList<>();
            for (int s = 0; s < p.size(); s++) {
                ModelVariant v = p.stage(s).variants().get(0);
                cs.add(new StageConfig(p.stage(s).name(), 0, v.name(), batch[s], replicas[s], v.cores()));
            }
            return new PipelineSimulator.Decision(cs, rate);
        };
    }

    private static double[] evenly(int n, double gapMs) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) a[i] = i * gapMs;
        return a;
    }

    @Test
    void underloadedStageServesEveryRequestAtItsLatency() {
        Pipeline p = new Pipeline("p", List.of(new PipelineStage("s", List.of(linear("v", 100, 50, 3)))));
        var r = new PipelineSimulator(p, 1000, 10_000, 0).run(new double[0], evenly(50, 200), 10_000,
                fixed(p, 5, new int[] {1}, new int[] {2}));
        assertThat(r.completed()).isEqualTo(50);
        assertThat(r.dropped()).isZero();
        assertThat(r.late()).isZero();
        assertThat(r.p99LatencyMs()).isCloseTo(100, within(1e-9));
        assertThat(r.meanCores()).isCloseTo(6, within(1e-9)); // 2 replicas × 3 cores
        assertThat(r.meanPas()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void aLoneRequestWaitsTheBatchTimeout() {
        Pipeline p = new Pipeline("p", List.of(new PipelineStage("s", List.of(linear("v", 100, 50, 1)))));
        // batch 4 planned at 10 RPS: timeout (4 − 1)/10 s = 300 ms, then l(1) = 100 ms.
        var r = new PipelineSimulator(p, 1000, 10_000, 0).run(new double[0], new double[] {0}, 10_000,
                fixed(p, 10, new int[] {4}, new int[] {1}));
        assertThat(r.p99LatencyMs()).isCloseTo(400, within(1e-9));
        // Four at once form a full batch immediately: l(4) = 250 ms.
        var full = new PipelineSimulator(p, 1000, 10_000, 0).run(new double[0], new double[] {0, 0, 0, 0}, 10_000,
                fixed(p, 10, new int[] {4}, new int[] {1}));
        assertThat(full.p99LatencyMs()).isCloseTo(250, within(1e-9));
    }

    @Test
    void batchesGoRoundRobinOverIdleReplicas() {
        Pipeline p = new Pipeline("p", List.of(new PipelineStage("s", List.of(linear("v", 100, 50, 1)))));
        // Three simultaneous requests, three replicas: all run in parallel; with one replica they queue.
        var three = new PipelineSimulator(p, 1000, 10_000, 0).run(new double[0], new double[] {0, 0, 0}, 10_000,
                fixed(p, 10, new int[] {1}, new int[] {3}));
        assertThat(three.p99LatencyMs()).isCloseTo(100, within(1e-9));
        var one = new PipelineSimulator(p, 1000, 10_000, 0).run(new double[0], new double[] {0, 0, 0}, 10_000,
                fixed(p, 10, new int[] {1}, new int[] {1}));
        assertThat(one.p99LatencyMs()).isCloseTo(300, within(1e-9));
    }

    @Test
    void requestsPastTheSlaAfterAStageAreDroppedAtTheNext() {
        Pipeline p = new Pipeline("p", List.of(new PipelineStage("a", List.of(linear("slow", 600, 50, 1))),
                new PipelineStage("b", List.of(linear("fast", 10, 5, 1)))));
        var r = new PipelineSimulator(p, 500, 10_000, 0).run(new double[0], evenly(5, 1000), 10_000,
                fixed(p, 1, new int[] {1, 1}, new int[] {1, 1}));
        assertThat(r.dropped()).isEqualTo(5);
        assertThat(r.completed()).isZero();
        assertThat(r.violationRate()).isEqualTo(1.0);
    }

    @Test
    void requestsQueuedPastTwiceTheSlaAreDropped() {
        Pipeline p = new Pipeline("p", List.of(new PipelineStage("a", List.of(linear("v", 100, 50, 1)))));
        // 20 requests at once, one replica, batch 1: the k-th finishes at 100·k ms; the SLA is 150 ms, so requests
        // still waiting at 300 ms are dropped: 3 start before that (at 0, 100, 200), 1 more at exactly 300.
        var r = new PipelineSimulator(p, 150, 10_000, 0).run(new double[0], new double[20], 10_000,
                fixed(p, 1, new int[] {1}, new int[] {1}));
        assertThat(r.completed()).isEqualTo(4);
        assertThat(r.dropped()).isEqualTo(16);
        assertThat(r.late()).isEqualTo(3); // 200, 300 and 400 ms > 150 ms
    }

    @Test
    void everyRequestIsAccountedForUnderAdaptation() {
        Random rnd = new Random(4);
        for (String w : IpaWorkloads.NAMES) {
            IpaPipelines.Spec spec = IpaPipelines.spec("video");
            Pipeline pipe = spec.pipeline();
            double[] rates = IpaWorkloads.rates(w, 120, rnd.nextLong());
            double[] counts = IpaWorkloads.counts(rates, 1);
            double[] arrivals = IpaWorkloads.arrivals(counts, IpaWorkloads.WARMUP_S, 2);
            IpaProblem base = IpaProblem.of(pipe, 1, spec.slaMs(), spec.weights(), new int[] {1, 2, 4, 8}, 100);
            for (IpaPolicy policy : IpaPolicy.values()) {
                var settings = IpaPolicy.BaselineSettings.of(pipe, spec.fa2High(), 10, 30);
                var adapter = new IpaAdapter(base, policy, settings, new MovingMaxForecaster(), new EnumerationIpaSolver());
                var r = new PipelineSimulator(pipe, spec.slaMs(), 10_000, 0).run(
                        java.util.Arrays.copyOf(counts, IpaWorkloads.WARMUP_S), arrivals, 120_000, adapter);
                assertThat(r.offered()).isEqualTo(arrivals.length);
                assertThat(r.completed() + r.dropped()).as(w + " " + policy).isEqualTo(r.offered());
                assertThat(r.meanCores()).isPositive();
            }
        }
    }
}
