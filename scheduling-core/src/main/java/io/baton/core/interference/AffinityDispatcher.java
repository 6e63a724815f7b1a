package io.baton.core.interference;

/**
 * "Base" (§VI-A): affinity scheduling, as for big/little cores. Each model's GPU speedup over the accelerator
 * decides where it belongs: a free GPU takes the waiting request whose model gains most from the GPU, a free
 * accelerator the one whose model gains least. The paper does not say whether Base is strictly partitioned;
 * here it is work-conserving (any waiting request that can finish in time takes a free device), ties go to the
 * earlier arrival, and it shares the queue hygiene of every policy in the benchmark ({@link CreditRule}).
 */
public final class AffinityDispatcher extends QueueingDispatcher {
    private final double[] speedup;

    public AffinityDispatcher(InterferenceWorkload workload) {
        super(workload);
        speedup = new double[models];
        for (int m = 0; m < models; m++) speedup[m] = workload.models().get(m).profile().gpuSpeedup();
    }

    @Override
    public String policy() {
        return "base";
    }

    @Override
    protected int choose(int d, double nowMs) {
        boolean gpu = workload.platform().classOf(d) == DeviceClass.GPU;
        int best = -1;
        double bestKey = Double.NEGATIVE_INFINITY, bestArrival = Double.POSITIVE_INFINITY;
        for (int m = 0; m < models; m++) {
            if (nowMs + solo[m * devices + d] > headDeadlineMs[m]) continue; // also skips models with nothing waiting
            double key = gpu ? speedup[m] : -speedup[m];
            double arrival = headArrivalMs[m];
            if (key > bestKey || (key == bestKey && arrival < bestArrival)) {
                best = m;
                bestKey = key;
                bestArrival = arrival;
            }
        }
        return best;
    }
}
