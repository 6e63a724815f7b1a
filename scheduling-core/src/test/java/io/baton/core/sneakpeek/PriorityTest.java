package io.baton.core.sneakpeek;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.domain.LatencyProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Eq. 12 and eq. 14 in log form, and the orderings built on them. */
class PriorityTest {

    private static AppProfile app(String name, double... accuracies) {
        List<ModelVariant> ms = new ArrayList<>();
        for (int i = 0; i < accuracies.length; i++) {
            ms.add(new ModelVariant(name + i, LatencyProfile.linear(5, 0), 0, 1, new double[] {accuracies[i], accuracies[i]}, accuracies[i]));
        }
        return new AppProfile(name, new Penalty.Step(), DirichletPrior.jeffreys(2), ms, Double.NaN);
    }

    private static SchedulingWindow window(List<AppProfile> apps, double[] deadlines, int[] appOf) {
        List<PeekRequest> rs = new ArrayList<>();
        for (int i = 0; i < deadlines.length; i++) rs.add(new PeekRequest("r" + i, appOf[i], 0, deadlines[i], new double[] {0.5, 0.5}));
        return SchedulingWindow.of(0, apps, rs, SchedulingWindow.Options.contract(false));
    }

    @Test
    void logPriorityIsTheLogOfEquationTwelve() {
        // Accuracies {0.6, 0.9}: population variance 0.0225. d = 150 ms = 0.15 s.
        SchedulingWindow w = window(List.of(app("a", 0.6, 0.9)), new double[] {150}, new int[] {0});
        double expected = (1 + 0.0225) * Math.exp(-0.15);
        assertThat(Math.exp(Priority.seconds().log(w, 0))).isCloseTo(expected, within(1e-12));
        assertThat(Priority.variance(w, 0)).isCloseTo(0.0225, within(1e-15));
    }

    @Test
    void neverUnderflowsAndKeepsTheOrder() {
        // In ms units e^(−d) is 0.0 in double for d > ~745: the product form would tie everything.
        SchedulingWindow w = window(List.of(app("lowVar", 0.8, 0.8), app("highVar", 0.2, 0.9)),
                new double[] {5000, 5000, 4000}, new int[] {0, 1, 0});
        Priority ms = new Priority(1.0);
        assertThat(Math.exp(-5000.0)).isZero();
        assertThat(ms.log(w, 2)).isGreaterThan(ms.log(w, 1)); // tighter deadline first
        assertThat(ms.log(w, 1)).isGreaterThan(ms.log(w, 0)); // same deadline: higher variance first
        assertThat(Double.isFinite(ms.log(w, 0))).isTrue();
    }

    @Test
    void varianceTradesAgainstDeadlineInSeconds() {
        // ln(1 + 0.1225) ≈ 0.1156 s: a high-variance request beats a zero-variance one due 100 ms earlier.
        SchedulingWindow w = window(List.of(app("flat", 0.8, 0.8), app("spread", 0.2, 0.9)),
                new double[] {100, 200}, new int[] {0, 1});
        var lo = new RequestLevelScheduler(RequestLevelScheduler.Ordering.PRIORITY, RequestLevelScheduler.Selection.LOCALLY_OPTIMAL, Priority.seconds());
        assertThat(lo.order(w)).containsExactly(1, 0);
        var edf = new RequestLevelScheduler(RequestLevelScheduler.Ordering.EDF, RequestLevelScheduler.Selection.LOCALLY_OPTIMAL, Priority.seconds());
        assertThat(edf.order(w)).containsExactly(0, 1);
    }

    @Test
    void groupPriorityIsTheMeanOfMemberPriorities() {
        Random rnd = new Random(7);
        for (int t = 0; t < 50; t++) {
            int n = 1 + rnd.nextInt(6);
            double[] d = new double[n];
            int[] a = new int[n];
            for (int i = 0; i < n; i++) d[i] = rnd.nextInt(3000);
            SchedulingWindow w = window(List.of(app("x", 0.3, 0.7, 0.9)), d, a);
            int[] members = java.util.stream.IntStream.range(0, n).toArray();
            double mean = 0;
            for (int r : members) mean += (1 + Priority.variance(w, r)) * Math.exp(-d[r] / 1000.0) / n;
            assertThat(Math.exp(Priority.seconds().logGroup(w, members))).isCloseTo(mean, within(1e-12 * Math.max(1, mean)));
        }
        // Far deadlines in ms: the direct mean underflows to 0, the log-sum-exp stays finite and ordered.
        SchedulingWindow far = window(List.of(app("x", 0.3, 0.7)), new double[] {2000, 2001, 3000}, new int[3]);
        Priority ms = new Priority(1.0);
        assertThat(ms.logGroup(far, new int[] {0, 1})).isGreaterThan(ms.logGroup(far, new int[] {2}));
        assertThat(ms.logGroup(far, new int[] {0, 1})).isCloseTo(ms.log(far, 0) + Math.log((1 + Math.exp(-1)) / 2), within(1e-9));
    }
}
