package io.baton.core.symphony.sizing;

/**
 * Closed forms of Symphony's "ideal batching" analysis (§4.2 of the paper, Eqs. 1–3, Table 4) for one model
 * with the linear latency profile ℓ(b) = α·b + β (milliseconds) on N identical devices, under the paper's ideal
 * setting: uniform arrivals and every device running batch after batch without pausing.
 *
 * <ul>
 *   <li><b>Eq. 1, uncoordinated (Nexus-like):</b> a request that arrives just after a batch started waits a
 *       whole batch and then runs in the next, so {@code 2·ℓ(b) < SLO}. The paper's closed form is
 *       b = ⌊(SLO/2 − β)/α⌋. The bound does not depend on N; N only multiplies throughput.</li>
 *   <li><b>Eq. 2, centralized staggered execution:</b> devices are offset by ℓ(b)/N and each request goes to the
 *       device that frees first, so the worst wait is ℓ(b)/N: {@code (1 + 1/N)·ℓ(b) < SLO}, closed form
 *       b = ⌊(SLO/(1+1/N) − β)/α⌋.</li>
 *   <li><b>Eq. 3, throughput:</b> N devices running batches of b deliver N·b/ℓ(b) requests per ms; this class
 *       reports requests per second (×1000).</li>
 * </ul>
 *
 * <p><b>Strictness.</b> The inequalities are strict as the paper writes them. The paper's floor form is only the
 * same thing when the bound is not hit exactly: if (SLO/2 − β)/α is an integer k, the floor gives k but
 * 2·ℓ(k) = SLO violates the strict Eq. 1. This class follows the inequality: it starts from the floor form and
 * then corrects by at most a few steps with the exact predicate ({@link #fitsUncoordinated},
 * {@link #fitsStaggered}) evaluated in floating point exactly as written, {@code (1 + 1/N)·(α·b + β) < SLO}.
 * Both Table 4 rows are unaffected (their bounds are far from integers), and any oracle that evaluates the same
 * expression agrees bit for bit.
 *
 * <p><b>Batch cap.</b> The paper has no maximum batch; a {@code maxBatch} cap (a device or framework limit) is
 * optional here. "Unbounded" means {@link Integer#MAX_VALUE}, which matters only when α is 0 or tiny (with
 * α = 0 every batch size fits once (1+1/N)·β &lt; SLO, so the cap is the answer).
 *
 * <p>All methods return 0 as the batch when not even b = 1 satisfies the bound, and a throughput of 0 then.
 */
public record IdealBatching(double alphaMs, double betaMs) {

    /**
     * ℓ(b) = α·b + β in ms.
     *
     * @throws IllegalArgumentException unless α ≥ 0, β ≥ 0, α + β &gt; 0 and both are finite (naming the field)
     */
    public IdealBatching {
        requireCoefficient("alphaMs", alphaMs);
        requireCoefficient("betaMs", betaMs);
        if (!(alphaMs + betaMs > 0)) {
            throw new IllegalArgumentException("alphaMs + betaMs must be > 0 (a batch cannot take no time)");
        }
    }

    /** Rejects an α or β that is negative or not finite, naming {@code field} (as {@link SizingInput} does too). */
    static void requireCoefficient(String field, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(field + " must be finite and ≥ 0, got " + value);
        }
    }

    /** ℓ(b) = α·b + β in ms: the same as the constructor, checks included. */
    public static IdealBatching of(double alphaMs, double betaMs) {
        return new IdealBatching(alphaMs, betaMs);
    }

    /** ℓ(b) = α·b + β in ms. */
    public double latencyMs(long batch) {
        return alphaMs * batch + betaMs;
    }

    // ------------------------------------------------------------------------------------------- Eq. 1

    /** Eq. 1: {@code 2·ℓ(b) < SLO}. */
    public boolean fitsUncoordinated(long batch, double sloMs) {
        return 2.0 * latencyMs(batch) < sloMs;
    }

    /** Largest b ≥ 1 with 2·ℓ(b) &lt; SLO (Eq. 1), unbounded; 0 when none. */
    public int uncoordinatedBatch(double sloMs) {
        return uncoordinatedBatch(sloMs, Integer.MAX_VALUE);
    }

    /** Largest b in [1, maxBatch] with 2·ℓ(b) &lt; SLO (Eq. 1); 0 when none. */
    public int uncoordinatedBatch(double sloMs, int maxBatch) {
        requireSlo(sloMs);
        requireMaxBatch(maxBatch);
        return largest(2.0, sloMs, maxBatch);
    }

    /** Throughput (req/s) of N uncoordinated devices at the Eq. 1 batch: N·b/ℓ(b)·1000; 0 when no batch fits. */
    public double uncoordinatedThroughputRps(int devices, double sloMs) {
        return uncoordinatedThroughputRps(devices, sloMs, Integer.MAX_VALUE);
    }

    /** As {@link #uncoordinatedThroughputRps(int, double)} with the batch capped at maxBatch. */
    public double uncoordinatedThroughputRps(int devices, double sloMs, int maxBatch) {
        requireDevices(devices);
        return throughputRps(devices, uncoordinatedBatch(sloMs, maxBatch));
    }

    // ------------------------------------------------------------------------------------------- Eq. 2

    /** Eq. 2: {@code (1 + 1/N)·ℓ(b) < SLO}, evaluated exactly as written. */
    public boolean fitsStaggered(long batch, int devices, double sloMs) {
        return staggerFactor(devices) * latencyMs(batch) < sloMs;
    }

    /** Largest b ≥ 1 with (1+1/N)·ℓ(b) &lt; SLO (Eq. 2), unbounded; 0 when none. */
    public int staggeredBatch(int devices, double sloMs) {
        return staggeredBatch(devices, sloMs, Integer.MAX_VALUE);
    }

    /** Largest b in [1, maxBatch] with (1+1/N)·ℓ(b) &lt; SLO (Eq. 2); 0 when none. Closed form, O(1). */
    public int staggeredBatch(int devices, double sloMs, int maxBatch) {
        requireDevices(devices);
        requireSlo(sloMs);
        requireMaxBatch(maxBatch);
        return largest(staggerFactor(devices), sloMs, maxBatch);
    }

    /** Eq. 3 at the Eq. 2 batch: N·b/ℓ(b)·1000 req/s for N staggered devices; 0 when no batch fits. */
    public double staggeredThroughputRps(int devices, double sloMs) {
        return staggeredThroughputRps(devices, sloMs, Integer.MAX_VALUE);
    }

    /** As {@link #staggeredThroughputRps(int, double)} with the batch capped at maxBatch. */
    public double staggeredThroughputRps(int devices, double sloMs, int maxBatch) {
        return throughputRps(devices, staggeredBatch(devices, sloMs, maxBatch));
    }

    // ------------------------------------------------------------------------------------------- Eq. 3

    /**
     * N·b/ℓ(b) in requests per second (Eq. 3's left-hand side ×1000, since ℓ is in ms); 0 when b = 0. The
     * product N·b is formed exactly (as a double it is exact below 2^53) before the division.
     */
    public double throughputRps(int devices, long batch) {
        requireDevices(devices);
        if (batch <= 0) return 0.0;
        return (double) devices * batch / latencyMs(batch) * 1000.0;
    }

    /** The factor (1 + 1/N) of Eq. 2, computed as written. */
    static double staggerFactor(int devices) {
        return 1.0 + 1.0 / devices;
    }

    /**
     * Largest b in [1, cap] with factor·ℓ(b) &lt; slo, or 0. Starts from the floor form ⌊(slo/factor − β)/α⌋
     * (clamped to [0, cap]) and corrects with the exact predicate; the predicate is monotone in b, and the
     * estimate is within one or two of the answer, so the loops run a handful of times at most.
     */
    private int largest(double factor, double slo, int cap) {
        if (!(factor * latencyMs(1) < slo)) return 0;
        if (alphaMs == 0.0) return cap; // ℓ constant: every batch size fits once b = 1 does
        double estimate = Math.floor((slo / factor - betaMs) / alphaMs);
        long b = estimate >= cap ? cap : Math.max(1L, (long) estimate);
        while (b < cap && factor * latencyMs(b + 1) < slo) b++;
        while (b > 1 && !(factor * latencyMs(b) < slo)) b--;
        return (int) b;
    }

    private static void requireDevices(int devices) {
        if (devices < 1) throw new IllegalArgumentException("devices must be ≥ 1, got " + devices);
    }

    private static void requireSlo(double sloMs) {
        if (!(sloMs > 0) || Double.isInfinite(sloMs)) {
            throw new IllegalArgumentException("sloMs must be finite and > 0, got " + sloMs);
        }
    }

    private static void requireMaxBatch(int maxBatch) {
        if (maxBatch < 1) throw new IllegalArgumentException("maxBatch must be ≥ 1, got " + maxBatch);
    }

    @Override
    public String toString() {
        return "ℓ(b)=" + alphaMs + "·b+" + betaMs + " ms";
    }
}
