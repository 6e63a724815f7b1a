package io.baton.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.schemble.EnsembleCluster;
import io.baton.core.schemble.EnsembleOutputs;
import io.baton.core.schemble.EnsembleSample;
import io.baton.core.schemble.QueryOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code bench schemble}: how it scores queries, Exp-1 (rejection) against Exp-2 (none); and the two
 * baselines defined inside it, Schemble(ea)'s agreement score and static's replica placement.
 */
class SchembleBenchTest {

    @Test
    void ensembleAgreementIsTheMeanSymmetricKlOverPairs() {
        float[] p = {0.8f, 0.2f}, q = {0.2f, 0.8f};
        // KL(p‖q) + KL(q‖p) = 0.6·ln 4 + 0.6·ln 4; pairs (p,p), (p,q), (p,q): mean 2/3 of that.
        double pq = 1.2 * Math.log(4);
        assertThat(SchembleBench.agreement(new EnsembleSample(0, new float[][] {p, p, q}))).isCloseTo(2 * pq / 3, within(1e-6));
        assertThat(SchembleBench.agreement(new EnsembleSample(0, new float[][] {p, p, p}))).isZero();
        assertThat(SchembleBench.agreement(new EnsembleSample(0, new float[][] {p}))).isZero();
    }

    @Test
    void staticPutsReplicasOfItsSubsetOnTheFreedDevicesSlowestFirst() {
        EnsembleCluster three = EnsembleCluster.onePerModel(List.of("m0", "m1", "m2"), new double[] {10, 40, 50});
        // {m0, m2}: m2 (50 ms) then m0 on the first devices; the third hosts a second m2.
        assertThat(SchembleBench.replicas(three, 0b101).deviceModel()).containsExactly(2, 0, 2);
        // {m1}: every device.
        assertThat(SchembleBench.replicas(three, 0b010).deviceModel()).containsExactly(1, 1, 1);
        // Everything: one device each, slowest first.
        assertThat(SchembleBench.replicas(three, 0b111).deviceModel()).containsExactly(2, 1, 0);
    }

    @Test
    void onlyGatingAndDesPayThePredictorAtTheEdgeSchembleOnBufferedQueries() {
        SchembleBench bench = new SchembleBench(new SchembleBench.Config(new SchembleBench.Data(List.of("a", "b", "c"),
                EnsembleOutputs.synthetic(40, 1).samples().subList(0, 20), EnsembleOutputs.synthetic(40, 1).samples().subList(20, 40),
                null, null, null, null), new double[] {10, 40, 50}, 6, new double[] {60}, 28, 1_000, 3, 0.01, 1));
        for (String p : List.of("gating", "des")) assertThat(bench.enrichMs(p)).isEqualTo(6);
        for (String p : List.of("schemble", "schemble-ea", "greedy-edf", "greedy-fifo", "greedy-sjf", "original", "static")) {
            assertThat(bench.enrichMs(p)).as(p).isZero();
        }
        // A schemble query reaches the dispatcher when it arrives; the predictor is the dispatcher's (SchembleDispatcherTest).
        assertThat(bench.arrivals(SchembleBench.Traffic.POISSON, 60, false, bench.enrichMs("schemble")))
                .allMatch(a -> Math.abs(a.deadlineMs() - a.timeMs() - 60) < 1e-9);
    }

    @Test
    void lateAnswersCountForAccuracyOnlyWithoutRejection() {
        QueryOutcome onTime = new QueryOutcome(0, 0, 0, 60, 7, 50, false);
        QueryOutcome late = new QueryOutcome(1, 0, 0, 60, 7, 90, false);
        QueryOutcome dropped = new QueryOutcome(2, 0, 0, 60, 0, Double.NaN, true);
        assertThat(SchembleBench.answerCounts(onTime, true)).isTrue();
        assertThat(SchembleBench.answerCounts(late, true)).isFalse();
        assertThat(SchembleBench.answerCounts(dropped, true)).isFalse();
        assertThat(SchembleBench.answerCounts(onTime, false)).isTrue();
        assertThat(SchembleBench.answerCounts(late, false)).isTrue();
        assertThat(SchembleBench.answerCounts(dropped, false)).isFalse();
    }

    @Test
    void originalIsTheFullEnsembleSoExp2AccuracyIsExactEvenWhenLate() {
        // 28 queries/s on a model that takes 50 ms (20/s) overloads `original`, which runs every model:
        // many answers are late, but each one is the full ensemble's own answer.
        SchembleBench bench = new SchembleBench(new SchembleBench.Config(EnsembleOutputs.synthetic(400, 1),
                new double[] {10, 40, 50}, new double[] {60}, 28, 5_000, 3, 0.01, 1));
        SchembleBench.Row noRejection = bench.run("original", SchembleBench.Traffic.BURSTY, 60, false);
        assertThat(noRejection.missRate()).isGreaterThan(50);
        assertThat(noRejection.accuracy()).isEqualTo(100.0);
        assertThat(noRejection.maxMs()).isGreaterThan(60);

        // With rejection (Exp-1) a query either meets its deadline with the ensemble's answer or is wrong.
        SchembleBench.Row rejection = bench.run("original", SchembleBench.Traffic.BURSTY, 60, true);
        assertThat(rejection.missRate()).isGreaterThan(0);
        assertThat(rejection.accuracy() + rejection.missRate()).isCloseTo(100.0, within(1e-9));
    }
}
