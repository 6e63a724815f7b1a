package io.baton.core.interference;

/**
 * §V-B, the runtime's one decision, in one place so that the runtime router ({@link CreditRouter}) and the
 * sampled simulation ({@link SampledSimulator}) apply exactly the same rule:
 * <pre>
 *   Priority Score = Allocation Ratio / Consumed Allocation
 * </pre>
 * When device d has a free slot, the waiting model with the highest priority for d gets it. Choices where the
 * paper is silent:
 * <ul>
 *   <li>a slot is one request (batch 1, as TensorRT ran them), and consumed allocation is device time: each
 *       dispatch charges the request's solo latency on d to consumed[m][d], so ratio and consumption are in
 *       the same unit (a share of device time);</li>
 *   <li>on an accelerator, ratio = 0 means the model holds no context there (§VI-A: at most
 *       {@link Platform#CONTEXTS_PER_ACCELERATOR} per DLA), so it cannot run there;</li>
 *   <li>consumed = 0 with ratio &gt; 0 is priority +∞; ratio = 0 on the GPU is priority 0 (never entitled, but the
 *       runtime is work-conserving: such a model still gets an otherwise idle device);</li>
 *   <li>ties go to the model whose head request arrived first (FIFO);</li>
 *   <li>a model is a candidate for d only if its head request can still finish by its deadline on d running
 *       alone; requests that cannot finish in time even on their fastest device are dropped before choosing
 *       (both are queue hygiene every policy of the benchmark shares, Base included, so that an overloaded
 *       queue does not turn all later requests late).</li>
 * </ul>
 * Credit is replenished by resetting every consumed entry to 0 every period ({@link #DEFAULT_PERIOD_MS}).
 */
public final class CreditRule {
    /** The paper does not give the reset period; 100 ms is 15–100 requests' worth of Xavier GPU time. */
    public static final double DEFAULT_PERIOD_MS = 100;

    private CreditRule() {}

    /**
     * @param headArrivalMs  per model, the arrival of its oldest waiting request
     * @param headDeadlineMs per model, that request's deadline, or −∞ when nothing waits (so it never fits)
     * @param ratio    allocation matrix, flat [m * devices + d]
     * @param consumed consumed device time this period, same layout
     * @param solo     solo latency, same layout
     * @param contextBound per device, whether a model needs a context there: an accelerator holds contexts only
     *                     for the models its column gives a share ({@link Platform#contextCap} at most), so a model
     *                     with ratio 0 there cannot run there even when it is idle (work conservation within the
     *                     loaded contexts; the GPU has no limit and takes any model)
     * @return the model whose head request device d should run now, or −1 when none fits
     */
    public static int choose(int d, int models, int devices, double nowMs, double[] headArrivalMs, double[] headDeadlineMs,
                             double[] ratio, double[] consumed, double[] solo, boolean[] contextBound) {
        boolean bound = contextBound[d];
        int best = -1;
        double bestPriority = Double.NEGATIVE_INFINITY, bestArrival = Double.POSITIVE_INFINITY;
        for (int m = 0; m < models; m++) {
            int k = m * devices + d;
            if (nowMs + solo[k] > headDeadlineMs[m]) continue;
            double r = ratio[k];
            if (bound && r == 0) continue;
            double p = r > 0 ? (consumed[k] > 0 ? r / consumed[k] : Double.POSITIVE_INFINITY) : 0;
            double arrival = headArrivalMs[m];
            if (p > bestPriority || (p == bestPriority && arrival < bestArrival)) {
                best = m;
                bestPriority = p;
                bestArrival = arrival;
            }
        }
        return best;
    }
}
