package io.baton.core.schemble;

import io.baton.core.policy.Aggregator;

/**
 * The three aggregators of Schemble §VII, each with its missing-output rule ({@code outputs[k] == null}
 * when model k did not run):
 * <ul>
 *   <li>(weighted) voting: a missing model does not vote;</li>
 *   <li>(weighted) averaging: a missing model gets weight 0 and the others are renormalised;</li>
 *   <li>stacking: missing outputs are filled by k-NN over full historical outputs ({@link KnnFiller}),
 *       then the meta-classifier runs on the completed vector ({@link #stacking}).</li>
 * </ul>
 */
public final class Aggregators {
    private Aggregators() {}

    /** Each present model adds its weight to the class it ranks first; the result is the normalised tally. */
    public static Aggregator voting(double[] weights) {
        double[] w = weights.clone();
        return outputs -> {
            float[] tally = null;
            double total = 0;
            for (int k = 0; k < outputs.length; k++) {
                float[] o = outputs[k];
                if (o == null) continue;
                if (tally == null) tally = new float[o.length];
                tally[argmax(o)] += (float) w[k];
                total += w[k];
            }
            if (tally == null) throw new IllegalArgumentException("no base model output to aggregate");
            if (total > 0) for (int c = 0; c < tally.length; c++) tally[c] /= (float) total;
            return tally;
        };
    }

    /** Σ w_k·o_k / Σ w_k over the present models. */
    public static Aggregator weightedAveraging(double[] weights) {
        double[] w = weights.clone();
        return outputs -> {
            double[] sum = null;
            double total = 0;
            for (int k = 0; k < outputs.length; k++) {
                float[] o = outputs[k];
                if (o == null) continue;
                if (sum == null) sum = new double[o.length];
                for (int c = 0; c < o.length; c++) sum[c] += w[k] * o[c];
                total += w[k];
            }
            if (sum == null) throw new IllegalArgumentException("no base model output to aggregate");
            if (!(total > 0)) throw new IllegalArgumentException("the present models all have weight 0");
            float[] out = new float[sum.length];
            for (int c = 0; c < out.length; c++) out[c] = (float) (sum[c] / total);
            return out;
        };
    }

    /**
     * An ensemble's aggregator by the name an application's {@code policyParams.aggregator} gives it (the gateway's
     * names): {@code averaging} (the plain mean, weights ignored), {@code weighted-averaging} or {@code voting}.
     *
     * @param weights per base model, in the ensemble's order (1 where the application names none)
     */
    public static Aggregator byName(String name, double[] weights) {
        return switch (name) {
            case "averaging" -> Aggregator.averaging();
            case "weighted-averaging" -> weightedAveraging(weights);
            case "voting" -> voting(weights);
            default -> throw new IllegalArgumentException("unknown aggregator '" + name + "': averaging, weighted-averaging or voting");
        };
    }

    /** Fills what is missing with the k-NN filler, then applies the meta-classifier to the full set. */
    public static Aggregator stacking(MetaClassifier meta, KnnFiller filler) {
        return outputs -> {
            boolean any = false;
            for (float[] o : outputs) any |= o != null;
            if (!any) throw new IllegalArgumentException("no base model output to aggregate");
            return meta.predict(filler.fill(outputs));
        };
    }

    /** A stacking ensemble's trained meta-classifier: every base model's output in, class scores out. */
    @FunctionalInterface
    public interface MetaClassifier {
        float[] predict(float[][] fullOutputs);
    }

    public static int argmax(float[] v) {
        int best = 0;
        for (int c = 1; c < v.length; c++) if (v[c] > v[best]) best = c;
        return best;
    }
}
