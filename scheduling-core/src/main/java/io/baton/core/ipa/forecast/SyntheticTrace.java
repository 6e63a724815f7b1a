package io.baton.core.ipa.forecast;

import java.util.Random;

/**
 * A per-second request trace with the features of the Twitter trace IPA trains on (which is not available
 * offline): a daily cycle, slow drift, bursts of 10–60 s at 1.5–3× and per-second noise. Scale ≈ the artifact's
 * trace after its ÷ 8 damping (about 5–40 RPS).
 */
public final class SyntheticTrace {
    private SyntheticTrace() {}

    public static double[] perSecond(int seconds, long seed) {
        Random rnd = new Random(seed);
        double[] out = new double[seconds];
        double drift = 0;
        int burstLeft = 0;
        double burst = 1;
        for (int t = 0; t < seconds; t++) {
            drift = 0.999 * drift + 0.02 * rnd.nextGaussian();
            if (burstLeft == 0 && rnd.nextDouble() < 1 / 300.0) {
                burstLeft = 10 + rnd.nextInt(51);
                burst = 1.5 + 1.5 * rnd.nextDouble();
            }
            double f = burstLeft > 0 ? burst : 1;
            if (burstLeft > 0) burstLeft--;
            double base = 18 + 8 * Math.sin(2 * Math.PI * t / 86_400.0) + 4 * Math.sin(2 * Math.PI * t / 3_600.0);
            double rate = Math.max(1, base * Math.exp(drift) * f);
            out[t] = Math.max(0, Math.round(rate * (1 + 0.08 * rnd.nextGaussian())));
        }
        return out;
    }
}
