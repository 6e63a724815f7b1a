package io.baton.core.schemble;

import io.baton.core.policy.Aggregator;
import java.util.List;

/**
 * What Schemble profiles once per ensemble (§V-A, §V-B), and what the registry stores for it: the discrepancy
 * score's per-model temperatures and normalisers, the score bins (quantile edges), the samples per bin, and
 * U[bin][mask], the accuracy of every subset of base models against the full ensemble in each bin.
 *
 * @param binEdges upper edges of bins 0 … b−2 ({@link ScoreBins})
 * @param accuracy [bin][mask]; mask bit k is base model k
 */
public record EnsembleProfile(double[] temperatures, double[] meanDistances, double[] binEdges, long[] binCounts,
                              double[][] accuracy, int samples) {

    /**
     * Fits everything on recorded classification outputs: T_k and Norm_k ({@link DiscrepancyScore#fitClassification}),
     * the score of every sample, {@code bins} quantile bins ({@link ScoreBins#quantiles}) and the exact table
     * ({@link AccuracyProfile#measure}).
     */
    public static EnsembleProfile measure(List<EnsembleSample> samples, Aggregator aggregator, int bins) {
        if (samples.isEmpty()) throw new IllegalArgumentException("no samples to profile");
        DiscrepancyScore score = DiscrepancyScore.fitClassification(samples, aggregator);
        double[] scores = samples.stream().mapToDouble(score::score).toArray();
        ScoreBins edges = ScoreBins.quantiles(scores, bins);
        AccuracyProfile table = AccuracyProfile.measure(samples, score::score, edges, aggregator);
        int m = samples.get(0).models();
        long[] counts = new long[edges.count()];
        for (double s : scores) counts[edges.bin(s)]++;
        double[][] accuracy = new double[edges.count()][1 << m];
        for (int b = 0; b < accuracy.length; b++) for (int mask = 0; mask < accuracy[b].length; mask++) accuracy[b][mask] = table.utility(b, mask);
        double[] temps = new double[m], means = new double[m];
        for (int k = 0; k < m; k++) {
            temps[k] = score.temperature(k);
            means[k] = score.meanDistance(k);
        }
        return new EnsembleProfile(temps, means, edges.upperEdges(), counts, accuracy, samples.size());
    }

    /** The table back as the planner reads it. */
    public AccuracyProfile accuracyProfile() {
        return new AccuracyProfile(ScoreBins.ofEdges(binEdges), accuracy);
    }

    /** The score back, for classification outputs combined by {@code aggregator}. */
    public DiscrepancyScore score(Aggregator aggregator) {
        return DiscrepancyScore.of(aggregator, false, temperatures, meanDistances);
    }
}
