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
 * <p><b>Fits.</b> ℓ(b) = α·b + β (Symphony's model, §3.1) and ℓ(b) = c0 + c1·b + c2·b² (IPA's), plain least
 * squares over the monotone p50 points, by scheduling-core's {@link LatencyProfile#measured} — the same fit the
 * registry computes when a profile leaves them out, and what the simulator assumes. α and β are clamped ≥ 0: on a
 * curve that bends up (per-example cost growing with the batch, as on a loaded CPU) the free intercept is negative
 * and β becomes 0, with α refitted through the origin. Least squares over 1 … 64 favours the large batches, which is
 * where a scheduler sizing batches against an SLO needs the line to be right. (A relative-error fit was tried and
 * rejected: it kept β &gt; 0 but under-estimated ℓ(64) threefold for fmnist-deep.)
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
        LatencyProfile fit = LatencyProfile.measured(points, LatencyProfile.Fit.LINEAR);
        double[] q = fit.quadraticFit();
        return new LatencyCurve(List.copyOf(raw), List.copyOf(monotone), fit.alphaMs(), fit.betaMs(),
                List.of(q[0], q[1], q[2]));
    }
}
