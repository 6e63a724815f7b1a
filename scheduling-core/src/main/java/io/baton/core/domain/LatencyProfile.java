package io.baton.core.domain;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Batch latency of one model variant on one device kind: ℓ(b) in milliseconds.
 *
 * <p>A profile keeps the points it was measured at (batch size → ms) and two least-squares fits over
 * them: the linear ℓ(b) = α·b + β that Symphony's analysis uses, and the quadratic
 * ℓ(b) = a·b² + c1·b + c0 that IPA uses for batch sizes it did not measure. {@link #latencyMs(int)}
 * answers a measured point exactly and otherwise the chosen fit, never below the previous batch
 * size's latency (a larger batch never runs faster).
 *
 * <p>Lookups are O(1): answers up to {@link #tableSize()} are precomputed, because dispatchers call
 * this on every arrival.
 */
public final class LatencyProfile {

    /** Which fit answers batch sizes that were not measured. */
    public enum Fit { LINEAR, QUADRATIC }

    private static final int TABLE = 1024;

    private final TreeMap<Integer, Double> measured;
    private final double alpha;
    private final double beta;
    private final double[] quadratic; // c0, c1, c2
    private final Fit fit;
    private final int size; // lookups up to here are precomputed: TABLE, or the largest measured batch
    private final double[] table;

    private LatencyProfile(TreeMap<Integer, Double> measured, double alpha, double beta, double[] quadratic, Fit fit) {
        this.measured = measured;
        this.alpha = alpha;
        this.beta = beta;
        this.quadratic = quadratic;
        this.fit = fit;
        // Every measured point lies inside the table, so that past it only the fit answers (see latencyMs).
        this.size = measured.isEmpty() ? TABLE : Math.max(TABLE, measured.lastKey());
        this.table = new double[size + 1];
        double previous = 0;
        for (int b = 1; b <= size; b++) {
            previous = Math.max(previous, compute(b));
            table[b] = previous;
        }
    }

    /** ℓ(b) = α·b + β, exactly. */
    public static LatencyProfile linear(double alphaMs, double betaMs) {
        if (!(alphaMs >= 0) || !(betaMs >= 0) || !(alphaMs + betaMs > 0) || Double.isInfinite(alphaMs) || Double.isInfinite(betaMs)) {
            throw new IllegalArgumentException("a linear profile needs finite alphaMs ≥ 0 and betaMs ≥ 0, not both 0 (got "
                    + alphaMs + ", " + betaMs + ")");
        }
        return new LatencyProfile(new TreeMap<>(), alphaMs, betaMs, new double[] {betaMs, alphaMs, 0}, Fit.LINEAR);
    }

    /** A profile from measured points; unmeasured batch sizes come from the given fit. */
    public static LatencyProfile measured(Map<Integer, Double> points, Fit fit) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a measured profile needs at least one point");
        }
        TreeMap<Integer, Double> sorted = new TreeMap<>();
        points.forEach((b, ms) -> {
            if (b == null || b < 1) throw new IllegalArgumentException("batch sizes must be ≥ 1, got " + b);
            if (ms == null || !(ms > 0) || ms.isInfinite()) throw new IllegalArgumentException("latency at batch " + b + " must be a positive number of ms, got " + ms);
            sorted.put(b, ms);
        });
        double[] lin = Fits.linear(sorted);
        double[] quad = Fits.quadratic(sorted);
        return new LatencyProfile(sorted, lin[1], lin[0], quad, fit);
    }

    private double compute(int b) {
        Double exact = measured.get(b);
        if (exact != null) return exact;
        double v = fit == Fit.LINEAR || measured.size() < 3
                ? alpha * b + beta
                : quadratic[0] + quadratic[1] * b + quadratic[2] * b * (double) b;
        return Math.max(v, 1e-6);
    }

    /** ℓ(b) in ms, for b ≥ 1. */
    public double latencyMs(int b) {
        if (b <= size) {
            return b < 1 ? table[1] : table[b];
        }
        return Math.max(table[size], fitEnvelope(b));
    }

    /**
     * The fit's running maximum at b, for b past the table (where no point was measured): the linear fit
     * has α ≥ 0 and never falls; a concave quadratic falls past its vertex, so it is held at its peak.
     */
    private double fitEnvelope(int b) {
        if (fit == Fit.LINEAR || measured.size() < 3) return alpha * b + beta;
        double c2 = quadratic[2];
        double x = c2 < 0 ? Math.min(b, -quadratic[1] / (2 * c2)) : b;
        return quadratic[0] + quadratic[1] * x + c2 * x * x;
    }

    /** Requests per second one device sustains running back-to-back batches of size b. */
    public double throughput(int b) {
        return b * 1000.0 / latencyMs(b);
    }

    /**
     * The largest b in [1, maxBatch] with ℓ(b) ≤ budgetMs, or 0 when even ℓ(1) exceeds it.
     * Binary search: ℓ is non-decreasing by construction.
     */
    public int largestBatchWithin(double budgetMs, int maxBatch) {
        if (maxBatch < 1 || latencyMs(1) > budgetMs) return 0;
        int lo = 1, hi = maxBatch;
        while (lo < hi) {
            int mid = (int) (((long) lo + hi + 1) >>> 1);
            if (latencyMs(mid) <= budgetMs) lo = mid; else hi = mid - 1;
        }
        return lo;
    }

    /** Slope α of the linear fit (ms per request). */
    public double alphaMs() { return alpha; }

    /** Intercept β of the linear fit (fixed ms per batch). */
    public double betaMs() { return beta; }

    /** Quadratic fit coefficients {c0, c1, c2} of ℓ(b) = c0 + c1·b + c2·b². */
    public double[] quadraticFit() { return quadratic.clone(); }

    /** The measured points (empty for a purely linear profile). */
    public Map<Integer, Double> measuredPoints() { return java.util.Collections.unmodifiableMap(measured); }

    public Fit fit() { return fit; }

    /** Batch sizes up to which lookups are precomputed. */
    public int tableSize() { return size; }

    /** The same profile with every latency multiplied by factor (a slower or faster device). */
    public LatencyProfile scaled(double factor) {
        if (!(factor > 0)) throw new IllegalArgumentException("scale factor must be > 0");
        TreeMap<Integer, Double> pts = new TreeMap<>();
        measured.forEach((b, ms) -> pts.put(b, ms * factor));
        double[] q = Arrays.stream(quadratic).map(c -> c * factor).toArray();
        return new LatencyProfile(pts, alpha * factor, beta * factor, q, fit);
    }

    @Override
    public String toString() {
        return measured.isEmpty()
                ? String.format("ℓ(b)=%.4g·b+%.4g ms", alpha, beta)
                : "measured" + measured + String.format(" (ℓ≈%.4g·b+%.4g ms)", alpha, beta);
    }
}
