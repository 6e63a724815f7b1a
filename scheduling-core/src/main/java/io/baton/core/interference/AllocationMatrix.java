package io.baton.core.interference;

import java.util.Arrays;

/**
 * §V-A: the allocation matrix, ratio[m][d] ∈ [0, 1], the proportion of device d's time model m is entitled to
 * in a scheduling period. The paper does not say how it is normalised; each device's column sums to 1 here
 * (it divides the device's time), and zeros are allowed (a model not entitled to a device still runs there
 * when the device would otherwise idle: the runtime is work-conserving).
 */
public record AllocationMatrix(double[][] ratio) {

    public AllocationMatrix {
        if (ratio.length == 0) throw new IllegalArgumentException("an allocation matrix needs a model");
        int d = ratio[0].length;
        double[][] copy = new double[ratio.length][];
        for (int m = 0; m < ratio.length; m++) {
            if (ratio[m].length != d) throw new IllegalArgumentException("every model needs one ratio per device");
            for (double r : ratio[m]) if (!(r >= 0 && r <= 1)) throw new IllegalArgumentException("ratios must be in [0, 1]");
            copy[m] = ratio[m].clone();
        }
        for (int j = 0; j < d; j++) {
            double s = 0;
            for (double[] row : copy) s += row[j];
            if (Math.abs(s - 1) > 1e-6) throw new IllegalArgumentException("the ratios of device " + j + " must sum to 1, got " + s);
        }
        ratio = copy;
    }

    /** Row-major flat copy, [m * devices + d], for the simulators' inner loops. */
    static AllocationMatrix ofFlat(double[] flat, int models, int devices) {
        double[][] r = new double[models][devices];
        for (int m = 0; m < models; m++) System.arraycopy(flat, m * devices, r[m], 0, devices);
        return new AllocationMatrix(r);
    }

    /** "Base fair" (§VI-A): every model gets an equal share of every device. */
    public static AllocationMatrix equalShares(int models, int devices) {
        double[][] r = new double[models][devices];
        for (double[] row : r) Arrays.fill(row, 1.0 / models);
        return new AllocationMatrix(r);
    }

    public int models() {
        return ratio.length;
    }

    public int devices() {
        return ratio[0].length;
    }

    public double ratio(int m, int d) {
        return ratio[m][d];
    }

    public double[] flat() {
        double[] out = new double[models() * devices()];
        for (int m = 0; m < models(); m++) System.arraycopy(ratio[m], 0, out, m * devices(), devices());
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AllocationMatrix a && Arrays.deepEquals(a.ratio, ratio);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(ratio);
    }

    @Override
    public String toString() {
        return Arrays.deepToString(ratio);
    }
}
