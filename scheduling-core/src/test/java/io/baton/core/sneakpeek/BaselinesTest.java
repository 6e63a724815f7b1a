package io.baton.core.sneakpeek;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.baton.core.domain.LatencyProfile;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The request-level baselines (§5.1, §6.1) and the policy table with its +da / +sc variants. */
class BaselinesTest {

    private static final ModelVariant FAST = new ModelVariant("fast", LatencyProfile.linear(10, 0), 20, 1, new double[] {0.9, 0.3}, 0.6);
    private static final ModelVariant SLOW = new ModelVariant("slow", LatencyProfile.linear(60, 0), 20, 1, new double[] {0.7, 0.95}, 0.825);
    private static final AppProfile APP = new AppProfile("a", new Penalty.Step(), DirichletPrior.jeffreys(2), List.of(FAST, SLOW), 0.5);

    private static SchedulingWindow window(boolean dataAware, boolean sc, double deadline, double[] evidence) {
        PeekRequest r = new PeekRequest("r", 0, 0, deadline, APP.prior().posteriorMean(evidence));
        return SchedulingWindow.of(0, List.of(APP), List.of(r), new SchedulingWindow.Options(dataAware, sc, ExecutionMode.SEQUENTIAL, 1));
    }

    private static String chosen(String policy, SchedulingWindow w) {
        Schedule s = SneakPeekPolicy.named(policy).scheduler().schedule(w, SchedulingWindow.singleSlotCache(List.of(APP)), 0);
        return w.modelName(w.modelOf(s.request(0), s.candidate(0)));
    }

    @Test
    void maxAccuracyIgnoresTheDeadlineLocallyOptimalDoesNot() {
        SchedulingWindow tight = window(false, false, 40, new double[] {0, 0});
        assertThat(chosen("maxacc-edf", tight)).isEqualTo("slow"); // 20 + 60 > 40: late, utility 0
        assertThat(chosen("lo-edf", tight)).isEqualTo("fast");      // 20 + 10 ≤ 40
        SchedulingWindow loose = window(false, false, 200, new double[] {0, 0});
        assertThat(chosen("lo-edf", loose)).isEqualTo("slow");
    }

    @Test
    void dataAwarenessFlipsTheChoiceForAConfidentRequest() {
        // Profiled: slow 0.825 > fast 0.6. Evidence 5 votes for class 0: θ = (5.5/6, 0.5/6):
        // fast 0.9·5.5/6 + 0.3·0.5/6 = 0.85, slow 0.7·5.5/6 + 0.95·0.5/6 ≈ 0.721.
        assertThat(chosen("lo-edf", window(false, false, 200, new double[] {5, 0}))).isEqualTo("slow");
        assertThat(chosen("lo-edf", window(true, false, 200, new double[] {5, 0}))).isEqualTo("fast");
    }

    @Test
    void deadlineFirstReadingStaysOnTimeWhereEq13TakesASlightlyLateBetterModel() {
        AppProfile app = new AppProfile("a", new Penalty.RelativeSigmoid(), DirichletPrior.jeffreys(2), List.of(FAST, SLOW), Double.NaN);
        WindowScheduler eq13 = new RequestLevelScheduler(RequestLevelScheduler.Ordering.EDF,
                RequestLevelScheduler.Selection.LOCALLY_OPTIMAL, Priority.seconds());
        WindowScheduler first = new RequestLevelScheduler(RequestLevelScheduler.Ordering.EDF,
                RequestLevelScheduler.Selection.DEADLINE_FIRST, Priority.seconds());
        // Nothing loaded: fast ends at 20 + 10 = 30, slow at 20 + 60 = 80.
        java.util.function.BiFunction<WindowScheduler, Double, String> pick = (sched, deadline) -> {
            SchedulingWindow w = SchedulingWindow.of(0, List.of(app), List.of(new PeekRequest("r", 0, 0, deadline, new double[] {0.5, 0.5})),
                    new SchedulingWindow.Options(false, false, ExecutionMode.SEQUENTIAL, 1));
            Schedule s = sched.schedule(w, SchedulingWindow.singleSlotCache(List.of(app)), 0);
            return w.modelName(w.modelOf(0, s.candidate(0)));
        };
        // Deadline 75: slow is 5 ms late (x = 1/15, γ ≈ 0.0004, u ≈ 0.82 > fast's 0.6): eq. 13 takes it, the
        // deadline-first reading keeps the on-time fast one.
        assertThat(pick.apply(eq13, 75.0)).isEqualTo("slow");
        assertThat(pick.apply(first, 75.0)).isEqualTo("fast");
        // Deadline 25: nothing is on time, both fall back to eq. 13 (fast, 5 ms late, keeps most of its utility).
        assertThat(pick.apply(eq13, 25.0)).isEqualTo("fast");
        assertThat(pick.apply(first, 25.0)).isEqualTo("fast");
        // Deadline 200: both on time, the most accurate.
        assertThat(pick.apply(first, 200.0)).isEqualTo("slow");
    }

    @Test
    void shortCircuitSalvagesWhatNoModelCanMeet() {
        SchedulingWindow hopeless = window(false, true, 15, new double[] {0, 0}); // even fast: 20 + 10 > 15
        assertThat(chosen("lo-edf", hopeless)).isEqualTo("sneakpeek");
        assertThat(chosen("maxacc-edf", hopeless)).isEqualTo("slow"); // MaxAcc never gains from short-circuit
    }

    @Test
    void locallyOptimalCountsTheSwap() {
        // Loaded: slow. Deadline 70: slow finishes at 60 (no swap), fast at 20 + 10 = 30 → both on time, slow wins.
        SchedulingWindow w = window(false, false, 70, new double[] {0, 0});
        ModelCache cache = SchedulingWindow.singleSlotCache(List.of(APP));
        cache.preload(1);
        Schedule s = SneakPeekPolicy.named("lo-edf").scheduler().schedule(w, cache, 0);
        assertThat(w.modelName(w.modelOf(0, s.candidate(0)))).isEqualTo("slow");
        assertThat(cache.residentModels()).containsExactly(1); // schedulers leave the caller's cache alone
    }

    @Test
    void everyPolicyPlacesEveryRequestOnce() {
        Random rnd = new Random(3);
        for (int t = 0; t < 40; t++) {
            List<AppProfile> apps = SneakPeekInstances.apps(rnd, 1 + rnd.nextInt(3), 3, true);
            List<PeekRequest> reqs = SneakPeekInstances.requests(rnd, apps, 3 + rnd.nextInt(6), 0);
            for (String name : SneakPeekPolicy.names()) {
                SneakPeekPolicy p = SneakPeekPolicy.named(name);
                SchedulingWindow w = SchedulingWindow.of(0, apps, reqs, p.options(ExecutionMode.SEQUENTIAL, 1, SchedulingWindow.DeadlineBudget.FROM_ARRIVAL));
                Schedule s = p.scheduler().schedule(w, SchedulingWindow.singleSlotCache(apps), 0);
                assertThat(java.util.Arrays.stream(s.requests()).sorted().toArray())
                        .containsExactly(java.util.stream.IntStream.range(0, reqs.size()).toArray());
            }
        }
    }

    @Test
    void policyNames() {
        assertThat(SneakPeekPolicy.names()).contains("maxacc-edf", "lo-edf", "lo-priority", "grouped", "lo-edf+da",
                "lo-edf+sc", "grouped+da+sc", "sneakpeek").hasSize(17);
        SneakPeekPolicy sp = SneakPeekPolicy.named("sneakpeek");
        assertThat(sp.dataAware()).isTrue();
        assertThat(sp.shortCircuit()).isTrue();
        assertThat(sp.scheduler().toString()).contains("split");
        assertThat(SneakPeekPolicy.named("grouped").scheduler().toString()).doesNotContain("split");
        assertThatThrownBy(() -> SneakPeekPolicy.named("fifo")).hasMessageContaining("fifo");
    }
}
