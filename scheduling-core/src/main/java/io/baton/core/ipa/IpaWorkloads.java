package io.baton.core.ipa;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The evaluation's four workloads (Fig. 7: bursty, steady low, steady high, fluctuating) as per-second request
 * rates, and arrivals drawn from them.
 *
 * <p>The paper cuts them from the Twitter trace (archiveteam 2021-08, RPS ÷ 8), which is not available offline;
 * these are synthetic series with the same shapes, at the scale the artifact's excerpts have after ÷ 8
 * (roughly 5–40 RPS): steady low ≈ 8, steady high ≈ 25 (±10% noise); bursty: ≈ 10 with bursts to 2.5–3.5× lasting
 * 15–30 s about every 90 s; fluctuating: 16 ± 9 over a 5-minute period. Every series starts with
 * {@link #WARMUP_S} seconds of history that the adapter sees before the run begins (the LSTM's 2-minute window).
 * Within each second, arrivals are uniformly spread (the artifact's load tester spreads them too).
 */
public final class IpaWorkloads {

    public static final List<String> NAMES = List.of("bursty", "steady-low", "steady-high", "fluctuating");
    public static final int WARMUP_S = 120;

    private IpaWorkloads() {}

    /** Per-second rates: {@link #WARMUP_S} seconds of history, then {@code seconds} of the run. */
    public static double[] rates(String name, int seconds, long seed) {
        Random rnd = new Random(seed * 31 + name.hashCode());
        int n = WARMUP_S + seconds;
        double[] r = new double[n];
        int burstLeft = 0, nextBurst = 60 + rnd.nextInt(60);
        double burstFactor = 1;
        for (int t = 0; t < n; t++) {
            double noise = 1 + 0.1 * rnd.nextGaussian();
            double v = switch (name) {
                case "steady-low" -> 8;
                case "steady-high" -> 25;
                case "fluctuating" -> 16 + 9 * Math.sin(2 * Math.PI * t / 300.0);
                case "bursty" -> {
                    if (burstLeft == 0 && t >= nextBurst) {
                        burstLeft = 15 + rnd.nextInt(16);
                        burstFactor = 2.5 + rnd.nextDouble();
                        nextBurst = t + burstLeft + 60 + rnd.nextInt(60);
                    }
                    double f = burstLeft > 0 ? burstFactor : 1;
                    if (burstLeft > 0) burstLeft--;
                    yield 10 * f;
                }
                default -> throw new IllegalArgumentException("unknown workload '" + name + "': one of " + NAMES);
            };
            r[t] = Math.max(0, v * noise);
        }
        return r;
    }

    /** Integer arrivals per second (stochastic rounding of the rate). */
    public static double[] counts(double[] rates, long seed) {
        Random rnd = new Random(seed);
        return Arrays.stream(rates).map(x -> Math.floor(x + rnd.nextDouble())).toArray();
    }

    /** Arrival times in ms of the seconds from {@code from} on (time 0 = second {@code from}), uniform within each second. */
    public static double[] arrivals(double[] counts, int from, long seed) {
        Random rnd = new Random(seed);
        int total = 0;
        for (int t = from; t < counts.length; t++) total += (int) counts[t];
        double[] out = new double[total];
        int k = 0;
        for (int t = from; t < counts.length; t++) {
            int c = (int) counts[t];
            double[] offs = new double[c];
            for (int i = 0; i < c; i++) offs[i] = rnd.nextDouble();
            Arrays.sort(offs);
            for (double o : offs) out[k++] = ((t - from) + o) * 1000.0;
        }
        return out;
    }
}
