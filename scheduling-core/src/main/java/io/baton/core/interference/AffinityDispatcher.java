package io.baton.core.interference;

/**
 * "Base" (§VI-A): affinity scheduling, as for big/little cores.
 * <ul>
 *   <li>{@link #strict}: the paper's reading ({@code base}). Each model runs only where its
 *       {@link AffinityPlacement} puts it (the GPU for the highest speedups, the accelerators for the rest,
 *       within the DLA context limit); a device serves its models first come, first served.</li>
 *   <li>{@link #workConserving} ({@code base-wc}): a stronger variant the paper does not describe, kept for
 *       comparison: any waiting request may take any free device; a free GPU takes the waiting request whose
 *       model gains most from the GPU, a free accelerator the one whose model gains least (ties: earlier arrival).</li>
 * </ul>
 * Both share the queue hygiene of every policy in the benchmark ({@link CreditRule}).
 */
public final class AffinityDispatcher extends QueueingDispatcher {
    private final String policy;
    private final double[] speedup;
    private final AffinityPlacement placement; // null: work-conserving

    private AffinityDispatcher(String policy, InterferenceWorkload workload, AffinityPlacement placement) {
        super(workload);
        this.policy = policy;
        this.placement = placement;
        speedup = new double[models];
        for (int m = 0; m < models; m++) {
            speedup[m] = workload.models().get(m).profile().gpuSpeedup();
            if (placement == null) continue;
            minSolo[m] = Double.POSITIVE_INFINITY; // only its own devices can serve it
            for (int d = 0; d < devices; d++) if (placement.allows(m, d)) minSolo[m] = Math.min(minSolo[m], solo[m * devices + d]);
        }
    }

    /** {@code base}: the paper's affinity partition, with the Xavier's DLA context limit. */
    public static AffinityDispatcher strict(InterferenceWorkload workload) {
        return new AffinityDispatcher("base", workload,
                AffinityPlacement.of(workload, AffinityPlacement.XAVIER_CONTEXTS_PER_ACCELERATOR));
    }

    /** {@code base-wc}: affinity order on every device, work-conserving. */
    public static AffinityDispatcher workConserving(InterferenceWorkload workload) {
        return new AffinityDispatcher("base-wc", workload, null);
    }

    public AffinityPlacement placement() {
        return placement;
    }

    @Override
    public String policy() {
        return policy;
    }

    @Override
    protected int choose(int d, double nowMs) {
        boolean gpu = workload.platform().classOf(d) == DeviceClass.GPU;
        int best = -1;
        double bestKey = Double.NEGATIVE_INFINITY, bestArrival = Double.POSITIVE_INFINITY;
        for (int m = 0; m < models; m++) {
            if (placement != null && !placement.allows(m, d)) continue;
            if (nowMs + solo[m * devices + d] > headDeadlineMs[m]) continue; // also skips models with nothing waiting
            double key = placement != null ? 0 : gpu ? speedup[m] : -speedup[m];
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
