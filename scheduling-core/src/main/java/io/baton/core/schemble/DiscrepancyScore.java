package io.baton.core.schemble;

import io.baton.core.policy.Aggregator;
import java.util.List;

/**
 * The discrepancy score of <b>eq. 1</b> (Schemble §V-A):
 * Dis(x) = (1/m) Σ_k Norm_k( d( f(x;θ_k), E(x;θ_1..θ_m) ) ).
 *
 * <ul>
 *   <li>f(x;θ_k): model k's output after temperature scaling with its own T_k, fitted on the
 *       validation data ({@link TemperatureScaling}); regression outputs are used as they are.</li>
 *   <li>E: the full ensemble's output over the <em>same</em> temperature-scaled outputs f(x;θ_k), i.e.
 *       the application's aggregator applied to every model's calibrated output. Eq. 1 writes E as a
 *       function of θ_1..θ_m, the models whose outputs §V-A calibrates, and §V-A requires that the
 *       score "ensures the base models give the same predictions as the ensemble when the score
 *       approximates zero": with E over the raw outputs a calibrated (softened, T_k &gt; 1) model that
 *       agrees with an overconfident ensemble still sits at a JS distance set by its own temperature,
 *       so the score cannot approach zero and mostly measures confidence, not disagreement. For
 *       voting E is the served tally (temperature keeps every model's argmax); for averaging it is the
 *       mean of calibrated probabilities. The ground truth the accuracy table and the benches score
 *       against stays the served ensemble's class (the raw outputs aggregated).</li>
 *   <li>d: JS divergence (nats) for classification, Euclidean distance for regression.</li>
 *   <li>Norm_k (the paper leaves it open): divide by model k's mean distance over the fitting set,
 *       so each model contributes 1 on an average sample and a model that is often far from the
 *       ensemble does not dominate. A model whose mean distance is 0 contributes 0.</li>
 * </ul>
 */
public final class DiscrepancyScore {
    private final Aggregator ensemble;
    private final boolean regression;
    private final double[] temperature;
    private final double[] meanDistance;

    private DiscrepancyScore(Aggregator ensemble, boolean regression, double[] temperature, double[] meanDistance) {
        this.ensemble = ensemble;
        this.regression = regression;
        this.temperature = temperature;
        this.meanDistance = meanDistance;
    }

    /** Fits T_k and the per-model normalisers on validation samples (classification). */
    public static DiscrepancyScore fitClassification(List<EnsembleSample> validation, Aggregator ensemble) {
        int m = validation.get(0).models();
        double[] temps = new double[m];
        int[] labels = validation.stream().mapToInt(EnsembleSample::label).toArray();
        for (int k = 0; k < m; k++) {
            float[][] probs = new float[validation.size()][];
            for (int i = 0; i < probs.length; i++) probs[i] = validation.get(i).outputs()[k];
            temps[k] = TemperatureScaling.fit(probs, labels);
        }
        return withNormalisers(validation, ensemble, false, temps);
    }

    /** Regression: no temperatures, Euclidean distance. */
    public static DiscrepancyScore fitRegression(List<EnsembleSample> validation, Aggregator ensemble) {
        double[] ones = new double[validation.get(0).models()];
        java.util.Arrays.fill(ones, 1);
        return withNormalisers(validation, ensemble, true, ones);
    }

    /** With given temperatures (e.g. fitted elsewhere); normalisers from these samples. */
    public static DiscrepancyScore withNormalisers(List<EnsembleSample> samples, Aggregator ensemble, boolean regression,
                                                   double[] temperature) {
        int m = temperature.length;
        DiscrepancyScore raw = new DiscrepancyScore(ensemble, regression, temperature.clone(), new double[m]);
        double[] mean = new double[m];
        for (EnsembleSample s : samples) {
            double[] d = raw.distances(s);
            for (int k = 0; k < m; k++) mean[k] += d[k] / samples.size();
        }
        return new DiscrepancyScore(ensemble, regression, temperature.clone(), mean);
    }

    /** A score fitted elsewhere (an ensemble profile from the registry): its temperatures and normalisers as they are. */
    public static DiscrepancyScore of(Aggregator ensemble, boolean regression, double[] temperature, double[] meanDistance) {
        if (temperature.length != meanDistance.length) throw new IllegalArgumentException("one temperature and one normaliser per model");
        return new DiscrepancyScore(ensemble, regression, temperature.clone(), meanDistance.clone());
    }

    /** d(f_k, E) for every model, before normalisation (f_k and E both over the temperature-scaled outputs). */
    public double[] distances(EnsembleSample s) {
        int m = s.models();
        double[] d = new double[m];
        if (regression) {
            double[] e = Distances.toDouble(ensemble.aggregate(s.outputs()));
            for (int k = 0; k < m; k++) d[k] = Distances.euclidean(Distances.toDouble(s.outputs()[k]), e);
            return d;
        }
        double[][] f = new double[m][];
        float[][] calibrated = new float[m][];
        for (int k = 0; k < m; k++) {
            f[k] = TemperatureScaling.apply(s.outputs()[k], temperature[k]);
            calibrated[k] = new float[f[k].length];
            for (int c = 0; c < f[k].length; c++) calibrated[k][c] = (float) f[k][c];
        }
        double[] e = Distances.toDouble(ensemble.aggregate(calibrated));
        for (int k = 0; k < m; k++) d[k] = Distances.jensenShannon(f[k], e);
        return d;
    }

    public double score(EnsembleSample s) {
        double[] d = distances(s);
        double sum = 0;
        for (int k = 0; k < d.length; k++) sum += meanDistance[k] > 0 ? d[k] / meanDistance[k] : 0;
        return sum / d.length;
    }

    public double temperature(int model) {
        return temperature[model];
    }

    public double meanDistance(int model) {
        return meanDistance[model];
    }
}
