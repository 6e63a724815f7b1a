package io.baton.core.interference;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The highest total request rate a mix could sustain on the SoC if requests were fluid and nothing interfered:
 * the benchmark's unit of load (the paper gives no absolute rates). With one GPU and identical accelerators,
 * the best fractional assignment is by affinity (an exchange argument): the models that gain least from the
 * GPU fill the accelerators first. The rate is found by bisection on that assignment's feasibility.
 */
public final class FluidCapacity {
    private FluidCapacity() {}

    /** @param shares the mix, summing to 1; returns requests per second */
    public static double of(InterferenceWorkload workload, double[] shares) {
        int accs = 0;
        boolean gpu = false;
        for (int d = 0; d < workload.deviceCount(); d++) {
            if (workload.platform().classOf(d) == DeviceClass.GPU) gpu = true; else accs++;
        }
        Integer[] order = new Integer[workload.modelCount()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparingDouble(m -> workload.models().get(m).profile().gpuSpeedup()));
        double lo = 0, hi = 1e7;
        for (int it = 0; it < 100; it++) {
            double rate = (lo + hi) / 2;
            double accLeft = 1000.0 * accs, gpuNeed = 0;
            for (int m : order) {
                ModelProfile p = workload.models().get(m).profile();
                double demand = rate * shares[m]; // requests per second
                double onAcc = accs == 0 ? 0 : Math.min(demand, accLeft / p.soloMs(DeviceClass.ACCELERATOR));
                accLeft -= onAcc * (accs == 0 ? 0 : p.soloMs(DeviceClass.ACCELERATOR));
                gpuNeed += (demand - onAcc) * (gpu ? p.soloMs(DeviceClass.GPU) : Double.POSITIVE_INFINITY);
            }
            if (gpuNeed <= 1000.0 * (gpu ? 1 : 0) + 1e-9) lo = rate; else hi = rate;
        }
        return lo;
    }
}
