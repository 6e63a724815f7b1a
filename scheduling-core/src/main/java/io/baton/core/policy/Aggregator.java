package io.baton.core.policy;

/**
 * Combines the outputs of an ensemble's base models into one, when only some of them ran.
 * outputs[m] is base model m's output vector, or null when m did not run for this request.
 */
@FunctionalInterface
public interface Aggregator {
    float[] aggregate(float[][] outputs);

    /** Mean of the outputs that are present (the default combination). */
    static Aggregator averaging() {
        return outputs -> {
            float[] sum = null;
            int n = 0;
            for (float[] o : outputs) {
                if (o == null) continue;
                if (sum == null) sum = new float[o.length];
                if (o.length != sum.length) throw new IllegalArgumentException("base model outputs differ in length");
                for (int i = 0; i < o.length; i++) sum[i] += o[i];
                n++;
            }
            if (sum == null) throw new IllegalArgumentException("no base model output to aggregate");
            for (int i = 0; i < sum.length; i++) sum[i] /= n;
            return sum;
        };
    }
}
