package io.baton.core.interference;

/**
 * What one sampled simulation of an allocation matrix predicts, per model: requests offered, finished within
 * their SLO, and served late (the rest were dropped), over a horizon of horizonMs.
 *
 * @param latencyOverSlo Σ over served requests of latency / SLO (their mean measures the headroom left)
 * @param fairShareRate per model, the rate it would sustain with an equal share of every device and no
 *                      interference (the denominator of the fairness goal)
 */
public record SampleOutcome(long[] offered, long[] good, long[] late, double horizonMs, double latencyOverSlo,
                            double[] fairShareRate) {

    public long totalOffered() {
        long s = 0;
        for (long o : offered) s += o;
        return s;
    }

    public long totalGood() {
        long s = 0;
        for (long g : good) s += g;
        return s;
    }

    /** Requests within SLO per second. */
    public double goodput() {
        return totalGood() * 1000.0 / horizonMs;
    }

    /** Share of offered requests finished within their SLO. */
    public double attainment() {
        long o = totalOffered();
        return o == 0 ? 1 : (double) totalGood() / o;
    }

    /** Mean latency / SLO of the served requests (0 when none was served). */
    public double meanLatencyOverSlo() {
        long served = totalGood();
        for (long l : late) served += l;
        return served == 0 ? 0 : latencyOverSlo / served;
    }

    public SampleOutcome copy() {
        return new SampleOutcome(offered.clone(), good.clone(), late.clone(), horizonMs, latencyOverSlo, fairShareRate.clone());
    }
}
