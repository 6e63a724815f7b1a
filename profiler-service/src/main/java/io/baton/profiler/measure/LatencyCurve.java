package io.baton.profiler.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.baton.core.domain.LatencyProfile;
import io.baton.profiler.registry.ProfileBody.LatencyPoint;

/**
 * The latency curve of one variant: the points as measured, the same points made monotone, and the fits.
 *
 * <p><b>Monotone.</b> ℓ(b) cannot fall as b grows (a batch of b+k does the work of a batch of b and more), so a
 * measured dip is noise: a frequency step, a cache warmed by the previous size, a preemption on a shared machine.
 * Each point is raised to the running maximum of the points at smaller batch sizes, p50 and p99 separately (and p99
 * never below its own p50). The schedulers in scheduling-core assume this ({@link LatencyProfile#latencyMs} also
 * holds it), and the raw points stay in the job's result.
 *
 * <p><b>Linear fit.</b> ℓ(b) = α·b + β, Symphony's model (§3.1): least squares over the monotone p50 points on
 * <em>relative</em> error, Σ ((α·bᵢ + β − ℓᵢ) / ℓᵢ)². Plain least squares over 1, 2 … 64 is ruled by the largest
 * batches' absolute error; on a curve that bends up a little (caches overflowing at large batches) its intercept
 * goes negative and is clamped to β = 0, which says a batch of one costs α, badly wrong for small batches, where
 * schedulers decide under light load. Weighting each point by 1/ℓᵢ² asks the same relative accuracy everywhere.
 * Clamped like scheduling-core's fit: α ≥ 0 and β ≥ 0.
 *
 * <p><b>Quadratic fit.</b> ℓ(b) = c0 + c1·b + c2·b² (IPA's model), plain least squares over the same points, by
 * scheduling-core's {@link LatencyProfile#measured}: three parameters follow the bend themselves.
 */
public record LatencyCurve(List<LatencyPoint> raw, List<LatencyPoint> monotone, double alphaMs, double betaMs,
                           List<Double> quadratic) {

    /** {@code raw} in increasing batch size, each a distinct size. */
    public static LatencyCurve of(List<LatencyPoint> raw) {
        if (raw.isEmpty()) throw new IllegalArgumentException("no latency points");
        List<LatencyPoint> monotone = new ArrayList<>();
        double p50 = 0, p99 = 0;
        int previous = 0;
        for (LatencyPoint point : raw) {
            if (point.batchSize() <= previous) throw new IllegalArgumentException("batch sizes must increase");
            previous = point.batchSize();
            p50 = Math.max(p50, point.p50Ms());
            p99 = Math.max(Math.max(p99, point.p99Ms()), p50);
            monotone.add(new LatencyPoint(point.batchSize(), p50, p99));
        }
        Map<Integer, Double> points = new LinkedHashMap<>();
        monotone.forEach(p -> points.put(p.batchSize(), p.p50Ms()));
        double[] q = LatencyProfile.measured(points, LatencyProfile.Fit.QUADRATIC).quadraticFit();
        double[] betaAlpha = relativeLinearFit(points);
        return new LatencyCurve(List.copyOf(raw), List.copyOf(monotone), betaAlpha[1], betaAlpha[0],
                List.of(q[0], q[1], q[2]));
    }

    /**
     * {β, α} minimising Σ ((α·b + β − ℓ) / ℓ)² over the points (weighted normal equations, weights 1/ℓ²); one point
     * gives β = 0, α = ℓ/b. A negative α or β is clamped to 0 and the other refitted alone.
     */
    static double[] relativeLinearFit(Map<Integer, Double> points) {
        if (points.size() == 1) {
            var e = points.entrySet().iterator().next();
            return new double[] {0, e.getValue() / e.getKey()};
        }
        double s = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (var e : points.entrySet()) {
            double x = e.getKey(), y = e.getValue(), w = 1 / (y * y);
            s += w; sx += w * x; sy += w * y; sxx += w * x * x; sxy += w * x * y;
        }
        double alpha = (s * sxy - sx * sy) / (s * sxx - sx * sx);
        double beta = (sy - alpha * sx) / s;
        if (alpha < 0) { alpha = 0; beta = sy / s; }
        if (beta < 0) { beta = 0; alpha = sxy / sxx; }
        return new double[] {beta, alpha};
    }
}
