package io.baton.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.baton.core.plan.InputException;
import io.baton.core.sneakpeek.DirichletPrior;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bench's table, workload and runner (no timings asserted). */
class SneakPeekBenchTest {

    @Test
    void defaultTableIsThePapersThreeApplications() {
        SneakPeekAppTable t = SneakPeekAppTable.defaults();
        assertThat(t.apps()).extracting(e -> e.profile().name()).containsExactly("fall", "voice", "heart");
        assertThat(t.apps()).extracting(e -> e.profile().models().size()).containsExactly(5, 2, 2);
        assertThat(t.apps()).extracting(e -> e.profile().classes()).containsExactly(2, 6, 7);
        assertThat(t.apps().get(0).stream()).containsExactly(0.95, 0.05);
        double total = t.apps().stream().flatMap(e -> e.profile().models().stream()).mapToDouble(m -> m.memoryMb()).sum();
        assertThat(total).as("the budget cannot hold every variant").isGreaterThan(t.memoryBudgetMb());
        assertThat(t.cycled(5).apps()).extracting(e -> e.profile().name()).containsExactly("fall", "voice", "heart", "fall-2", "voice-2");
    }

    @Test
    void badTablesNameTheField() {
        assertThatThrownBy(() -> SneakPeekAppTable.parse("{\"memoryBudgetMb\":100,\"apps\":[{\"name\":\"a\",\"stream\":[0.5,0.4],"
                + "\"testFrequencies\":[0.5,0.5],\"sneakPeekAccuracy\":0.5,\"models\":[]}]}"))
                .isInstanceOf(InputException.class).hasMessageContaining("apps[0].stream");
        assertThatThrownBy(() -> SneakPeekAppTable.parse("{\"memoryBudgetMb\":100,\"apps\":[{\"name\":\"a\",\"stream\":[0.5,0.5],"
                + "\"testFrequencies\":[0.5,0.5],\"sneakPeekAccuracy\":0.5,\"models\":[{\"name\":\"m\",\"alphaMs\":1,\"recall\":[1,1],\"memoryMb\":200}]}]}"))
                .isInstanceOf(InputException.class).hasMessageContaining("apps[0].models[0].memoryMb");
    }

    @Test
    void workloadFollowsTheSetup() {
        SneakPeekWorkload.Setup s = SneakPeekWorkload.Setup.paperDefault(SneakPeekAppTable.defaults()).withWindows(200);
        List<SneakPeekWorkload.Window> ws = SneakPeekWorkload.generate(s);
        assertThat(ws).hasSize(200);
        int falls = 0, fallRequests = 0;
        for (SneakPeekWorkload.Window w : ws) {
            assertThat(w.requests()).hasSize(12);
            for (int i = 0; i < 12; i++) {
                var r = w.requests().get(i);
                assertThat(r.app()).isEqualTo(i % 3);
                assertThat(r.arrivalMs()).isBetween(w.endMs() - 100, w.endMs());
                assertThat(r.deadlineMs() - r.arrivalMs()).isCloseTo(150.0, org.assertj.core.api.Assertions.within(1e-9));
                if (r.app() == 0) {
                    fallRequests++;
                    falls += w.trueLabels()[i];
                }
            }
        }
        assertThat((double) falls / fallRequests).isBetween(0.02, 0.09); // 95/5 stream
        // The same seed gives the same windows.
        assertThat(SneakPeekWorkload.generate(s).get(7).requests().get(3).theta()).containsExactly(ws.get(7).requests().get(3).theta());
    }

    @Test
    void evidenceAccuracyAndShortCircuitAccuracy() {
        Random rnd = new Random(4);
        int right = 0;
        for (int i = 0; i < 5000; i++) {
            double[] y = SneakPeekWorkload.evidence(rnd, 2, 6, 1.0, 5);
            right += (int) y[2];
        }
        assertThat(right / 25000.0).isBetween(0.78, 0.82); // region right, each neighbour pure with 0.8
        double perfect = SneakPeekWorkload.shortCircuitAccuracy(new double[] {0.5, 0.5}, 1.0, 5, DirichletPrior.jeffreys(2));
        double coin = SneakPeekWorkload.shortCircuitAccuracy(new double[] {0.5, 0.5}, 0.5, 5, DirichletPrior.jeffreys(2));
        assertThat(perfect).isGreaterThan(0.9);
        assertThat(coin).isBetween(0.45, 0.55);
    }

    @Test
    void defaultReadingsAndTheirSwitches() {
        SneakPeekWorkload.Setup s = SneakPeekWorkload.Setup.paperDefault(SneakPeekAppTable.defaults());
        assertThat(s.budget()).isEqualTo(io.baton.core.sneakpeek.SchedulingWindow.DeadlineBudget.FROM_NOW);
        assertThat(s.carryBacklog()).isTrue();
        assertThat(s.memoryMb()).isNaN();
        var apps = SneakPeekWorkload.profiles(s);
        // The table's budget holds several models; one resident model reloads on every change.
        var table = s.cache(apps);
        table.use(0);
        table.use(5);
        assertThat(table.resident(0)).isTrue();
        var one = s.withMemory(SneakPeekWorkload.Setup.ONE_MODEL).cache(apps);
        one.use(0);
        one.use(5);
        assertThat(one.resident(0)).isFalse();
        var big = s.withMemory(12288).cache(apps);
        for (int m = 0; m < big.models(); m++) big.use(m);
        assertThat(big.residentModels()).hasSize(big.models());
        assertThatThrownBy(() -> s.withMemory(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void backlogCarriesOverOrEachWindowIsScoredAlone() {
        // MaxAcc overloads the device: with the backlog carried, lateness grows window after window; scored alone,
        // every window starts on an idle device and lateness stays bounded by one window's work.
        SneakPeekWorkload.Setup s = SneakPeekWorkload.Setup.paperDefault(SneakPeekAppTable.defaults()).withWindows(40);
        var windows = SneakPeekWorkload.generate(s);
        SneakPeekBench.Row carried = SneakPeekBench.run(s, windows, "maxacc-edf");
        SneakPeekBench.Row alone = SneakPeekBench.run(s.withBacklog(false), windows, "maxacc-edf");
        assertThat(carried.violationMs()).isGreaterThan(1000);
        assertThat(alone.violationMs()).isLessThan(1000);
    }

    @Test
    void readingsTablePrintsEveryReading() {
        SneakPeekWorkload.Setup s = SneakPeekWorkload.Setup.paperDefault(SneakPeekAppTable.defaults()).withWindows(10);
        var bytes = new java.io.ByteArrayOutputStream();
        SneakPeekBench.printReadings(s, new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        String text = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(text).contains("as run above", "penalty d from arrival", "one resident model", "no backlog", "Normal(150, 75)",
                "on-time model");
        assertThat(text.lines().filter(l -> l.endsWith("x")).count()).isEqualTo(9);
    }

    @Test
    void everyPolicyRunsAndGroupingBeatsLoEdfAtTheDefaultSetup() {
        SneakPeekWorkload.Setup s = SneakPeekWorkload.Setup.paperDefault(SneakPeekAppTable.defaults()).withWindows(60);
        List<SneakPeekBench.Row> rows = SneakPeekBench.runAll(s, List.of("lo-edf", "grouped", "sneakpeek", "maxacc-edf"));
        for (SneakPeekBench.Row r : rows) {
            assertThat(r.utility()).isBetween(0.0, 1.0);
            assertThat(r.accuracy()).isBetween(0.0, 1.0);
            assertThat(r.violations()).isBetween(0.0, 1.0);
        }
        assertThat(rows.get(1).utility()).isGreaterThan(rows.get(0).utility());
        assertThat(rows.get(3).violations()).as("MaxAcc overloads the device").isGreaterThan(0.9);
    }
}
