package io.baton.core.schemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.policy.Aggregator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Eq. 1, temperature scaling, quantile bins, the (bin, subset) table and eq. 3, on hand-computed cases. */
class ScoreAndProfileTest {

    private static EnsembleSample sample(int label, float[]... outputs) {
        return new EnsembleSample(label, outputs);
    }

    private static float[] v(double... x) {
        float[] f = new float[x.length];
        for (int i = 0; i < x.length; i++) f[i] = (float) x[i];
        return f;
    }

    @Test
    void jensenShannonByHand() {
        assertThat(Distances.jensenShannon(new double[] {1, 0}, new double[] {0, 1})).isCloseTo(Math.log(2), within(1e-12));
        // mid = (.75,.25): ½(½ln(.5/.75) + ½ln(.5/.25)) + ½ ln(1/.75)
        assertThat(Distances.jensenShannon(new double[] {.5, .5}, new double[] {1, 0})).isCloseTo(0.2157615543, within(1e-9));
        assertThat(Distances.jensenShannon(new double[] {.3, .7}, new double[] {.3, .7})).isZero();
        assertThat(Distances.euclidean(new double[] {3}, new double[] {7})).isEqualTo(4);
    }

    @Test
    void temperatureScalingByHand() {
        assertThat(TemperatureScaling.apply(v(.8, .2), 2)).containsExactly(new double[] {2.0 / 3, 1.0 / 3}, within(1e-6));
        assertThat(TemperatureScaling.apply(v(.8, .2), 1)).containsExactly(new double[] {.8, .2}, within(1e-6));
        // Always 0.99 on class 0, right 3 times in 4: the NLL optimum scales 99:1 to 3:1, T = ln 99 / ln 3.
        float[][] probs = new float[400][];
        int[] labels = new int[400];
        for (int i = 0; i < 400; i++) {
            probs[i] = v(.99, .01);
            labels[i] = i % 4 == 0 ? 1 : 0;
        }
        assertThat(TemperatureScaling.fit(probs, labels)).isCloseTo(Math.log(99) / Math.log(3), within(1e-3));
    }

    @Test
    void discrepancyScoreNormalisesPerModel() {
        Aggregator avg = Aggregators.weightedAveraging(new double[] {1, 1});
        List<EnsembleSample> s = List.of(sample(0, v(1, 0), v(1, 0)), sample(0, v(1, 0), v(0, 1)));
        DiscrepancyScore score = DiscrepancyScore.withNormalisers(s, avg, false, new double[] {1, 1});
        // Sample 2: E = (.5,.5), both models at JS 0.2158; each model's mean is half that.
        assertThat(score.meanDistance(0)).isCloseTo(0.2157615543 / 2, within(1e-7));
        assertThat(score.score(s.get(0))).isCloseTo(0, within(1e-9));
        assertThat(score.score(s.get(1))).isCloseTo(2, within(1e-6));
        // Regression: Euclidean to the mean, normalised per model.
        List<EnsembleSample> r = List.of(sample(0, v(2), v(4)), sample(0, v(5), v(5)));
        DiscrepancyScore reg = DiscrepancyScore.fitRegression(r, avg);
        assertThat(reg.distances(r.get(0))).containsExactly(new double[] {1, 1}, within(1e-9));
        assertThat(reg.score(r.get(0))).isCloseTo(2, within(1e-9));
    }

    @Test
    void discrepancyScoreComparesCalibratedModelsWithTheCalibratedEnsemble() {
        // Two overconfident models that agree: T = 2 softens both (.9,.1) -> (.75,.25). E over the same calibrated
        // outputs is (.75,.25), so both distances are 0 and the score is 0 (§V-A: score ≈ 0 ⇔ the models give the
        // ensemble's prediction). Against E over the raw outputs, (.9,.1), each would sit at JS > 0.
        Aggregator avg = Aggregators.weightedAveraging(new double[] {1, 1});
        List<EnsembleSample> s = List.of(sample(0, v(.9, .1), v(.9, .1)), sample(0, v(.9, .1), v(.1, .9)));
        DiscrepancyScore score = DiscrepancyScore.withNormalisers(s, avg, false, new double[] {2, 2});
        assertThat(score.distances(s.get(0))).containsExactly(new double[] {0, 0}, within(1e-9));
        assertThat(score.score(s.get(0))).isCloseTo(0, within(1e-9));
        assertThat(Distances.jensenShannon(TemperatureScaling.apply(v(.9, .1), 2), new double[] {.9, .1})).isGreaterThan(0.01);
        // Disagreeing: calibrated (.75,.25) and (.25,.75), E = (.5,.5): both at the JS of (.75,.25) to (.5,.5).
        double js = Distances.jensenShannon(new double[] {.75, .25}, new double[] {.5, .5});
        assertThat(score.distances(s.get(1))).containsExactly(new double[] {js, js}, within(1e-6));
        assertThat(score.score(s.get(1))).isCloseTo(2, within(1e-6));
    }

    @Test
    void quantileBins() {
        ScoreBins bins = ScoreBins.quantiles(new double[] {1, .9, .8, .7, .6, .5, .4, .3, .2, .1}, 4);
        assertThat(bins.upperEdges()).containsExactly(new double[] {.3, .5, .8}, within(1e-12));
        assertThat(bins.count()).isEqualTo(4);
        assertThat(bins.bin(.1)).isZero();
        assertThat(bins.bin(.3)).isZero();
        assertThat(bins.bin(.31)).isEqualTo(1);
        assertThat(bins.bin(.8)).isEqualTo(2);
        assertThat(bins.bin(5)).isEqualTo(3);
        assertThat(ScoreBins.quantiles(new double[] {1, 2}, 1).count()).isEqualTo(1);
    }

    @Test
    void accuracyTableAgainstTheFullEnsemble() {
        Aggregator avg = Aggregators.weightedAveraging(new double[] {1, 1});
        List<EnsembleSample> s = List.of(
                sample(0, v(.9, .1), v(.8, .2)),   // bin 0: everyone says 0
                sample(0, v(.9, .1), v(.2, .8)),   // bin 1: E = (.55,.45) → 0; b alone says 1
                sample(1, v(.4, .6), v(.1, .9)));  // bin 1: everyone says 1
        double[] scores = {0, 1, 1};
        AccuracyProfile p = AccuracyProfile.measure(s, x -> scores[s.indexOf(x)], ScoreBins.ofEdges(.5), avg);
        assertThat(p.utility(0, 1)).isEqualTo(1);
        assertThat(p.utility(0, 2)).isEqualTo(1);
        assertThat(p.utility(1, 1)).isEqualTo(1);
        assertThat(p.utility(1, 2)).isEqualTo(.5);
        assertThat(p.utility(1, 3)).isEqualTo(1);
        assertThat(p.utility(1, 0)).isZero();
        assertThat(p.row(.7)).containsExactly(0, 1, .5, 1);
    }

    @Test
    void eq3FromSinglesAndPairs() {
        double[] acc = {.9, .8, .7};
        double[] u = new double[8];
        u[1] = .6; u[2] = .5; u[4] = .4; u[3] = .8; u[5] = .7; u[6] = .65;
        double[][] est = MarginalRewardEstimate.estimate(new double[][] {u}, acc, new double[] {0, 0, .5});
        // 0.8 + 0.5 · ½[(0.7 − 0.6) + (0.65 − 0.5)]
        assertThat(est[0][7]).isCloseTo(.8625, within(1e-12));
        assertThat(est[0][3]).isEqualTo(.8);
        double[] full = u.clone();
        full[7] = .8625;
        assertThat(MarginalRewardEstimate.fitGamma(new double[][] {full}, acc)[2]).isCloseTo(.5, within(1e-12));
        // Model order follows accuracy: with model 2 the most accurate, the base pair is {2, 0}.
        double[][] swapped = MarginalRewardEstimate.estimate(new double[][] {u}, new double[] {.8, .7, .9}, null);
        // 0.7 + 1 · ½[(0.8 − 0.4) + (0.65 − 0.6)]
        assertThat(swapped[0][7]).isCloseTo(.925, within(1e-12));
    }

    @Test
    void votingAndAveragingSkipMissingModels() {
        Aggregator vote = Aggregators.voting(new double[] {1, 1, 2});
        assertThat(vote.aggregate(new float[][] {v(.9, .1), null, v(.3, .7)})).containsExactly(1f / 3, 2f / 3);
        Aggregator avg = Aggregators.weightedAveraging(new double[] {1, 3});
        assertThat(avg.aggregate(new float[][] {v(.9, .1), null})).containsExactly(.9f, .1f);
        assertThat(avg.aggregate(new float[][] {v(1, 0), v(0, 1)})).containsExactly(.25f, .75f);
    }

    @Test
    void knnFillsByInverseDistance() {
        List<float[][]> history = new ArrayList<>();
        history.add(new float[][] {v(1, 0), v(.2, .8)});
        history.add(new float[][] {v(0, 1), v(.6, .4)});
        history.add(new float[][] {v(.5, .5), v(1, 0)});
        KnnFiller filler = new KnnFiller(history, 2);
        // Distances .1414 (h1) and .5657 (h3): weights 4 : 1.
        float[][] filled = filler.fill(new float[][] {v(.9, .1), null});
        assertThat(filled[0]).containsExactly(.9f, .1f);
        assertThat(filled[1][0]).isCloseTo(.36f, within(1e-5f));
        assertThat(filled[1][1]).isCloseTo(.64f, within(1e-5f));
        // An exact match decides alone.
        assertThat(filler.fill(new float[][] {v(0, 1), null})[1]).containsExactly(.6f, .4f);
        // Stacking: fill, then the meta-classifier sees every model.
        Aggregator stack = Aggregators.stacking(full -> {
            assertThat(java.util.Arrays.asList(full)).doesNotContainNull();
            return full[1];
        }, filler);
        assertThat(stack.aggregate(new float[][] {v(0, 1), null})).containsExactly(.6f, .4f);
    }
}
