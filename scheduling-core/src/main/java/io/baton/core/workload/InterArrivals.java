package io.baton.core.workload;

import java.util.SplittableRandom;

/**
 * Factories of {@link InterArrival} distributions. Every rate is in requests per second; every gap is
 * in ms, with mean {@code 1000 / ratePerSec}.
 */
public final class InterArrivals {

    private InterArrivals() {
    }

    /** Poisson arrivals: exponential gaps with mean {@code 1000 / ratePerSec} ms (CV 1). */
    public static InterArrival poisson(double ratePerSec) {
        return new Exponential(meanGapMs(checkRate(ratePerSec)));
    }

    /**
     * Gamma(k) renewal arrivals: gaps ~ Gamma(shape k, scale θ = 1000 / (λ·k)) ms, so the mean gap is
     * {@code 1000 / ratePerSec} ms and the coefficient of variation is 1/√k (k &lt; 1: burstier than
     * Poisson, k = 1: Poisson, k &gt; 1: smoother). Sampled with Marsaglia–Tsang; for k &lt; 1 through
     * the boost G(k) = G(k+1)·U^{1/k}. Shapes from 0.05 upwards are intended.
     */
    public static InterArrival gamma(double ratePerSec, double shape) {
        double rate = checkRate(ratePerSec);
        if (!(shape > 0) || shape == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("shape must be a finite number > 0, got " + shape);
        }
        if (shape == 1.0) return new Exponential(meanGapMs(rate));
        return new Gamma(rate, shape);
    }

    /**
     * Evenly spaced arrivals: every gap is exactly {@code 1000 / ratePerSec} ms (CV 0). The first
     * arrival comes at a uniformly random phase in (0, gap].
     */
    public static InterArrival uniform(double ratePerSec) {
        return new Uniform(meanGapMs(checkRate(ratePerSec)));
    }

    private static double checkRate(double ratePerSec) {
        if (!(ratePerSec > 0) || ratePerSec == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("ratePerSec must be a finite number > 0, got " + ratePerSec);
        }
        return ratePerSec;
    }

    private static double meanGapMs(double ratePerSec) {
        return 1000.0 / ratePerSec;
    }

    private record Exponential(double mean) implements InterArrival {
        @Override
        public double nextGapMs(SplittableRandom rng) {
            return mean * rng.nextExponential();
        }

        @Override
        public String toString() {
            return "poisson(mean gap " + mean + " ms)";
        }
    }

    private record Uniform(double gap) implements InterArrival {
        @Override
        public double nextGapMs(SplittableRandom rng) {
            return gap;
        }

        @Override
        public double firstGapMs(SplittableRandom rng) {
            return gap * (1.0 - rng.nextDouble()); // (0, gap]
        }

        @Override
        public String toString() {
            return "uniform(gap " + gap + " ms)";
        }
    }

    private static final class Gamma implements InterArrival {
        private final double mean;
        private final double shape;
        /** θ = mean / k. */
        private final double scale;
        /** Marsaglia–Tsang constants for shape max(k, k+1 when boosted). */
        private final double d;
        private final double c;
        private final boolean boost;
        private final double invShape;

        Gamma(double ratePerSec, double shape) {
            this.mean = meanGapMs(ratePerSec);
            this.shape = shape;
            this.scale = mean / shape;
            this.boost = shape < 1;
            double a = boost ? shape + 1 : shape;
            this.d = a - 1.0 / 3.0;
            this.c = 1.0 / Math.sqrt(9.0 * d);
            this.invShape = 1.0 / shape;
        }

        @Override
        public double nextGapMs(SplittableRandom rng) {
            double g;
            while (true) {
                double x = rng.nextGaussian();
                double v = 1.0 + c * x;
                if (v <= 0) continue;
                v = v * v * v;
                double u = rng.nextDouble();
                double x2 = x * x;
                if (u < 1.0 - 0.0331 * x2 * x2 || Math.log(u) < 0.5 * x2 + d * (1.0 - v + Math.log(v))) {
                    g = d * v;
                    break;
                }
            }
            if (boost) {
                // G(k) = G(k+1) · U^{1/k}, U in (0, 1]
                g *= Math.pow(1.0 - rng.nextDouble(), invShape);
            }
            return g * scale;
        }

        @Override
        public String toString() {
            return "gamma(shape " + shape + ", mean gap " + mean + " ms)";
        }
    }
}
