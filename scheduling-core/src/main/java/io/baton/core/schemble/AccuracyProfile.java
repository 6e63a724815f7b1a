package io.baton.core.schemble;

import io.baton.core.policy.Aggregator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The (bin, subset) accuracy table of Schemble §V-B/§V-D: U[b][s] is the share of profiled samples in
 * score bin b for which the ensemble restricted to subset s (the aggregator with the other models'
 * outputs missing) gives the same class as the full ensemble. U[b][∅] = 0 and U[b][all] = 1. An empty
 * bin gets the table's overall accuracy per subset.
 */
public final class AccuracyProfile {
    private final ScoreBins bins;
    private final double[][] table;

    public AccuracyProfile(ScoreBins bins, double[][] table) {
        this.bins = bins;
        this.table = table;
    }

    /** Profiles every subset exactly. */
    public static AccuracyProfile measure(List<EnsembleSample> samples, ToDoubleFunction<EnsembleSample> score,
                                          ScoreBins bins, Aggregator aggregator) {
        int m = samples.get(0).models();
        int subsets = 1 << m;
        double[][] hits = new double[bins.count()][subsets];
        double[] perBin = new double[bins.count()];
        double[] overall = new double[subsets];
        for (EnsembleSample s : samples) {
            int b = bins.bin(score.applyAsDouble(s));
            int truth = Aggregators.argmax(aggregator.aggregate(s.outputs()));
            perBin[b]++;
            for (int mask = 1; mask < subsets; mask++) {
                if (Aggregators.argmax(aggregator.aggregate(restrict(s.outputs(), mask))) == truth) {
                    hits[b][mask]++;
                    overall[mask]++;
                }
            }
        }
        double[][] table = new double[bins.count()][subsets];
        for (int b = 0; b < bins.count(); b++) {
            for (int mask = 1; mask < subsets; mask++) {
                table[b][mask] = perBin[b] > 0 ? hits[b][mask] / perBin[b] : overall[mask] / samples.size();
            }
        }
        return new AccuracyProfile(bins, table);
    }

    /** The outputs of the models in mask; null for the others. */
    public static float[][] restrict(float[][] outputs, int mask) {
        float[][] r = new float[outputs.length][];
        for (int k = 0; k < outputs.length; k++) if ((mask >>> k & 1) != 0) r[k] = outputs[k];
        return r;
    }

    public ScoreBins bins() {
        return bins;
    }

    public int models() {
        return Integer.numberOfTrailingZeros(table[0].length);
    }

    public double utility(int bin, int mask) {
        return table[bin][mask];
    }

    /** The row for a score's bin: utility by mask. Shared, do not modify. */
    public double[] row(double score) {
        return table[bins.bin(score)];
    }
}
