package io.baton.cli.twin;

import java.util.Map;
import java.util.TreeMap;

import io.baton.core.domain.LatencyProfile;

/**
 * ℓ(b) as it ran under load, fitted from one variant's recorded batches in the profile's own form: a table per batch
 * size, answered elsewhere by a line ℓ(b) = α·b + β. The profile is measured on a quiet machine; live, batches run on
 * cores shared with every other process of the suite and the load generator, and slower the more load there is. The
 * simulator runs batches with this instead of the profile (the policy still plans with the profile, as it does live).
 *
 * <ul>
 *   <li>A batch size with at least {@link #MIN_BATCHES} batches takes their mean (the least-squares constant).</li>
 *   <li>Every other size up to the batch cap takes the least-squares line over all the batches, each batch one sample
 *       (a negative slope or intercept, noise on a flat cost, is clamped to 0 with the other refitted).</li>
 *   <li>When every batch had one size, a line cannot be fitted: the profile's shape is scaled to that size's mean.</li>
 *   <li>Without any batch it is the profile itself.</li>
 * </ul>
 * {@link #spread} is the σ of a log-normal multiplier with mean 1 whose coefficient of variation is the batches' own
 * about their size's mean (pooled over the sizes): the simulator's jitter, so that a batch that ran slow live runs
 * slow in the simulation as often.
 *
 * @param application the application, and {@code variant} the variant whose batches these are
 * @param profile     ℓ(b) as profiled (what the policy plans with)
 * @param loaded      ℓ(b) under load, for every batch size up to the cap
 * @param source      how the sizes without their own mean were answered
 * @param alphaMs     the line's slope (ms per request); NaN unless {@code source} is {@link Source#LINE}
 * @param betaMs      the line's intercept (ms per batch); NaN unless {@code source} is {@link Source#LINE}
 * @param samples     the batches fitted over
 * @param spread      σ of the execution's log-normal jitter (0 with fewer than two batches of any one size)
 */
public record LoadedLatency(String application, String variant, LatencyProfile profile, LatencyProfile loaded,
                            Source source, double alphaMs, double betaMs, BatchSamples samples, double spread) {

    /** Batches a size needs for its own mean; fewer, and the line answers it. */
    public static final int MIN_BATCHES = 20;

    /** Where the sizes without their own mean came from. */
    public enum Source {
        /** the least-squares line over every batch */
        LINE,
        /** one batch size seen: the profile's shape scaled to it */
        SCALED_PROFILE,
        /** no batch recorded: the profile */
        PROFILE
    }

    /**
     * @param maxBatch the largest batch the simulation may form (the table covers 1 to it)
     */
    public static LoadedLatency fit(String application, String variant, LatencyProfile profile, BatchSamples samples,
                                    int maxBatch) {
        BatchSamples s = samples != null ? samples : new BatchSamples();
        if (s.batches() == 0) return new LoadedLatency(application, variant, profile, profile, Source.PROFILE,
                Double.NaN, Double.NaN, s, 0);
        double n = 0, sb = 0, sbb = 0, sy = 0, sby = 0;
        for (Map.Entry<Integer, BatchSamples.Size> e : s.bySize().entrySet()) {
            double b = e.getKey(), k = e.getValue().batches(), y = e.getValue().sumMs();
            n += k;
            sb += k * b;
            sbb += k * b * b;
            sy += y;
            sby += b * y;
        }
        Source source;
        double alpha = Double.NaN, beta = Double.NaN, scale = Double.NaN;
        if (s.bySize().size() >= 2) {
            source = Source.LINE;
            double meanB = sb / n, meanY = sy / n;
            double sxx = sbb - sb * meanB;
            alpha = (sby - sb * meanY) / sxx;
            beta = meanY - alpha * meanB;
            if (alpha < 0) {
                alpha = 0;
                beta = meanY;
            } else if (beta < 0) {
                beta = 0;
                alpha = sby / sbb;
            }
        } else {
            source = Source.SCALED_PROFILE;
            int only = s.bySize().firstKey();
            scale = s.bySize().get(only).meanMs() / profile.latencyMs(only);
        }
        int cap = Math.max(maxBatch, s.bySize().lastKey());
        Map<Integer, Double> points = new TreeMap<>();
        for (int b = 1; b <= cap; b++) {
            BatchSamples.Size own = s.bySize().get(b);
            double ms;
            if (own != null && own.batches() >= MIN_BATCHES) ms = own.meanMs();
            else if (source == Source.LINE) ms = alpha * b + beta;
            else ms = scale * profile.latencyMs(b);
            points.put(b, Math.max(ms, 1e-6));
        }
        return new LoadedLatency(application, variant, profile, LatencyProfile.measured(points, LatencyProfile.Fit.LINEAR),
                source, alpha, beta, s, spread(s));
    }

    /** Whether batch size {@code b} took its own batches' mean (else the line or the scaled profile). */
    public boolean ownMean(int b) {
        BatchSamples.Size own = samples.bySize().get(b);
        return source != Source.PROFILE && own != null && own.batches() >= MIN_BATCHES;
    }

    /** σ = √ln(1 + CV²), CV² the batches' squared deviation from their size's mean over its square, pooled. */
    private static double spread(BatchSamples s) {
        double relative = 0;
        long freedom = 0;
        for (BatchSamples.Size size : s.bySize().values()) {
            if (size.batches() < 2 || !(size.meanMs() > 0)) continue;
            double mean = size.meanMs();
            double squares = Math.max(0, size.sumSquaresMs() - size.sumMs() * mean);
            relative += squares / (mean * mean);
            freedom += size.batches() - 1;
        }
        return freedom == 0 ? 0 : Math.sqrt(Math.log1p(relative / freedom));
    }
}
