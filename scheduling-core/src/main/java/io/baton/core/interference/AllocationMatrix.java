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

    /** Every model gets an equal share of every device (ignoring the DLA context limit; see {@link #fairWithinContexts}). */
    public static AllocationMatrix equalShares(int models, int devices) {
        double[][] r = new double[models][devices];
        for (double[] row : r) Arrays.fill(row, 1.0 / models);
        return new AllocationMatrix(r);
    }

    /**
     * "Base fair" (§VI-A) within the DLA context limit: an equal share of the GPU for every model; each accelerator
     * loads at most {@link Platform#contextCap} models and splits its time equally among them. When not every model
     * fits, the contexts go to the models that gain least from the GPU (affinity), dealt round-robin over the
     * accelerators, so some models get no accelerator time: the paper's "Base fair often fails to provide equal
     * shares" because of the limited contexts.
     */
    public static AllocationMatrix fairWithinContexts(InterferenceWorkload w) {
        int models = w.modelCount(), devices = w.deviceCount();
        double[][] r = new double[models][devices];
        java.util.List<Integer> accs = new java.util.ArrayList<>();
        for (int d = 0; d < devices; d++) {
            if (w.platform().classOf(d) == DeviceClass.GPU) for (int m = 0; m < models; m++) r[m][d] = 1.0 / models;
            else accs.add(d);
        }
        if (accs.isEmpty()) return new AllocationMatrix(r);
        int cap = w.platform().contextCap(accs.get(0), models);
        if (models <= cap) {
            for (int d : accs) for (int m = 0; m < models; m++) r[m][d] = 1.0 / models;
            return new AllocationMatrix(r);
        }
        Integer[] order = new Integer[models];
        for (int m = 0; m < models; m++) order[m] = m;
        Arrays.sort(order, java.util.Comparator.comparingDouble((Integer m) -> w.models().get(m).profile().gpuSpeedup()));
        int[] held = new int[devices];
        int next = 0;
        for (int m : order) {
            int d = -1;
            for (int i = 0; i < accs.size() && d < 0; i++) {
                int c = accs.get((next + i) % accs.size());
                if (held[c] < cap) d = c;
            }
            if (d < 0) break;
            held[d]++;
            r[m][d] = 1;
            next++;
        }
        for (int d : accs) for (int m = 0; m < models; m++) if (r[m][d] > 0) r[m][d] = 1.0 / held[d];
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
