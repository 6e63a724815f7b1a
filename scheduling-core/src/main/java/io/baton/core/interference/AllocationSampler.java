package io.baton.core.interference;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * §V-D: random allocation matrices. The paper does not give the distribution. Each device column is drawn
 * independently: every model's entry is zero with probability {@link #ZERO_PROBABILITY} (so that matrices
 * which keep a model off a device, or give a device to one model, are sampled too), the rest are Exp(1)
 * weights normalised to sum to 1 (uniform on the simplex of the non-zero entries). A column with no non-zero
 * entry gives the whole device to one model drawn uniformly.
 *
 * <p>{@link #grid(int)} instead draws every ratio as a multiple of 1/k (used by tests to compare the planner
 * with an exhaustive search over the same finite space).
 */
public final class AllocationSampler {
    public static final double ZERO_PROBABILITY = 0.3;

    private final int gridSteps; // 0 = continuous

    private AllocationSampler(int gridSteps) {
        this.gridSteps = gridSteps;
    }

    public static AllocationSampler continuous() {
        return new AllocationSampler(0);
    }

    public static AllocationSampler grid(int steps) {
        if (steps < 1) throw new IllegalArgumentException("grid steps must be ≥ 1");
        return new AllocationSampler(steps);
    }

    /** Fills flat[m * devices + d] with one sampled matrix. */
    public void sample(SplittableRandom rng, int models, int devices, double[] flat) {
        int[] caps = new int[devices];
        Arrays.fill(caps, models);
        sample(rng, models, devices, flat, caps);
    }

    /**
     * Fills flat with one sampled matrix whose column d has at most caps[d] non-zero entries (the models holding a
     * context on d, {@link Platform#contextCap}): a column with more is drawn again, so each column is drawn from
     * the distribution above conditioned on fitting.
     */
    public void sample(SplittableRandom rng, int models, int devices, double[] flat, int[] caps) {
        for (int d = 0; d < devices; d++) {
            if (gridSteps > 0) {
                do sampleGridColumn(rng, models, devices, d, flat); while (nonZero(flat, models, devices, d) > caps[d]);
            } else {
                sampleColumn(rng, models, devices, d, flat, caps[d]);
            }
        }
    }

    private static int nonZero(double[] flat, int models, int devices, int d) {
        int n = 0;
        for (int m = 0; m < models; m++) if (flat[m * devices + d] > 0) n++;
        return n;
    }

    /** The zero pattern is drawn again until it fits (cheap: no weights yet), then the weights of the rest. */
    private static void sampleColumn(SplittableRandom rng, int models, int devices, int d, double[] flat, int cap) {
        int nonZero;
        do {
            nonZero = 0;
            for (int m = 0; m < models; m++) {
                boolean zero = rng.nextDouble() < ZERO_PROBABILITY;
                flat[m * devices + d] = zero ? 0 : 1;
                if (!zero) nonZero++;
            }
        } while (nonZero > cap);
        if (nonZero == 0) {
            flat[rng.nextInt(models) * devices + d] = 1;
            return;
        }
        double sum = 0;
        for (int m = 0; m < models; m++) {
            int k = m * devices + d;
            if (flat[k] == 0) continue;
            flat[k] = -Math.log(1 - rng.nextDouble());
            sum += flat[k];
        }
        if (sum == 0) { // every weight drew exactly 0 (probability ~2^-53 each): give the device to one model
            flat[rng.nextInt(models) * devices + d] = 1;
            return;
        }
        for (int m = 0; m < models; m++) flat[m * devices + d] /= sum;
    }

    /** A uniformly random composition of gridSteps units among the models (stars and bars). */
    private void sampleGridColumn(SplittableRandom rng, int models, int devices, int d, double[] flat) {
        // choose models-1 bar positions among gridSteps+models-1 slots
        int slots = gridSteps + models - 1;
        boolean[] bar = new boolean[slots];
        for (int placed = 0; placed < models - 1; ) {
            int s = rng.nextInt(slots);
            if (!bar[s]) { bar[s] = true; placed++; }
        }
        int m = 0, units = 0;
        for (int s = 0; s < slots; s++) {
            if (bar[s]) { flat[m * devices + d] = (double) units / gridSteps; m++; units = 0; }
            else units++;
        }
        flat[m * devices + d] = (double) units / gridSteps;
    }
}
