package io.baton.core.symphony.autoscale;

import java.util.Locale;

/**
 * Symphony's epoch autoscaling advice (§4.4 of the paper). Because the non-work-conserving scheduler has a
 * "flat-top" goodput curve, two signals measure the distance to the peak goodput p directly:
 * <ul>
 *   <li>overloaded (offered load o &gt; p): the bad rate is r ≈ (o − p)/o, so o = p/(1 − r) and the cluster
 *       needs N·o/p − N = <b>N·r/(1 − r)</b> more devices. The paper prints N·b/(1−b); b is evidently r (it is
 *       the only quantity the sentence defines, and this is what o = p/(1−r) gives).</li>
 *   <li>underloaded (o &lt; p): the mean device idle fraction is f ≈ (p − o)/p, so <b>N·f</b> devices can go.</li>
 * </ul>
 *
 * <p>The paper gives neither the threshold, nor rounding, nor hysteresis. Choices, all configurable:
 * <ul>
 *   <li><b>Bad-rate threshold 0.01 (default).</b> The paper's goodput counts a model as served when its p99
 *       latency is within the SLO, i.e. at most 1% bad requests; more than that breaks the SLA the scheduler is
 *       sized for, so more than 1% bad is the trigger to add. The comparison is strict ({@code r > threshold}),
 *       as the paper says "above a threshold".</li>
 *   <li><b>Rounding.</b> Adding rounds up (⌈N·r/(1−r)⌉: under-adding leaves the SLA broken for another epoch);
 *       releasing rounds down (⌊N·f⌋: over-releasing would create the overload the next epoch must undo). A
 *       1e-9 slack absorbs floating-point noise so that e.g. N = 100, r = 0.2 gives exactly 25, not 26.</li>
 *   <li><b>Cap on adding (default growth factor 4).</b> r/(1−r) diverges as r → 1 (r = 1 means nothing was
 *       served, so o/p is unknown) and its sensitivity 1/(1−r)² makes the estimate noisy for large r. The
 *       multiplier is capped at {@code maxGrowthFactor}, i.e. at most that many times N is added in one epoch
 *       (4 corresponds to r = 0.8); the next epoch adds again if needed. r ≥ 1 therefore adds the cap.</li>
 *   <li><b>Empty cluster.</b> With N = 0 the proportional formulas give 0; if any requests went bad one device is
 *       added to bootstrap, otherwise nothing happens.</li>
 *   <li><b>Release hysteresis.</b> Devices are released only when f ≥ {@code minIdleFractionToRelease}
 *       (default 0.05): below that, idle time is within the measurement noise of a Poisson load and releasing
 *       would make the cluster oscillate between add and release. At least one device is always kept.</li>
 *   <li><b>Priority.</b> When r is above the threshold, nothing is released even if f is high (idle time during
 *       an overload means mis-placed capacity, not spare capacity).</li>
 * </ul>
 * The advisor is stateless: period length and smoothing of the signals (the paper gives neither) are up to the
 * caller, which passes one epoch's measurements.
 *
 * @param badRateThreshold         add devices when the bad rate is strictly above this, in [0, 1)
 * @param minIdleFractionToRelease release only when the idle fraction is at least this, in [0, 1]
 * @param maxGrowthFactor          cap on the r/(1−r) multiplier, &gt; 0
 */
public record AutoscalingAdvisor(double badRateThreshold, double minIdleFractionToRelease, double maxGrowthFactor) {

    /** Default bad-rate threshold: the 1% that the paper's p99 goodput definition allows. */
    public static final double DEFAULT_BAD_RATE_THRESHOLD = 0.01;
    /** Default smallest idle fraction at which devices are released. */
    public static final double DEFAULT_MIN_IDLE_FRACTION_TO_RELEASE = 0.05;
    /** Default cap on r/(1−r): at most 4·N devices added per epoch. */
    public static final double DEFAULT_MAX_GROWTH_FACTOR = 4.0;

    private static final double SLACK = 1e-9;

    /** Defaults: threshold 0.01, release from f ≥ 0.05, at most 4·N added. */
    public AutoscalingAdvisor() {
        this(DEFAULT_BAD_RATE_THRESHOLD, DEFAULT_MIN_IDLE_FRACTION_TO_RELEASE, DEFAULT_MAX_GROWTH_FACTOR);
    }

    /** Custom bad-rate threshold, other settings default. */
    public AutoscalingAdvisor(double badRateThreshold) {
        this(badRateThreshold, DEFAULT_MIN_IDLE_FRACTION_TO_RELEASE, DEFAULT_MAX_GROWTH_FACTOR);
    }

    public AutoscalingAdvisor {
        if (!(badRateThreshold >= 0 && badRateThreshold < 1)) {
            throw new IllegalArgumentException("badRateThreshold must be in [0, 1), got " + badRateThreshold);
        }
        if (!(minIdleFractionToRelease >= 0 && minIdleFractionToRelease <= 1)) {
            throw new IllegalArgumentException("minIdleFractionToRelease must be in [0, 1], got "
                    + minIdleFractionToRelease);
        }
        if (!(maxGrowthFactor > 0) || Double.isInfinite(maxGrowthFactor)) {
            throw new IllegalArgumentException("maxGrowthFactor must be finite and > 0, got " + maxGrowthFactor);
        }
    }

    /**
     * Advice for one epoch.
     *
     * @param devices      current device count N, ≥ 0
     * @param badRate      the epoch's bad rate r (dropped or late ÷ offered), in [0, 1]
     * @param idleFraction mean device idle fraction f over the epoch, in [0, 1]
     */
    public ScalingAdvice advise(int devices, double badRate, double idleFraction) {
        if (devices < 0) throw new IllegalArgumentException("devices must be ≥ 0, got " + devices);
        if (!(badRate >= 0 && badRate <= 1)) {
            throw new IllegalArgumentException("badRate must be in [0, 1], got " + badRate);
        }
        if (!(idleFraction >= 0 && idleFraction <= 1)) {
            throw new IllegalArgumentException("idleFraction must be in [0, 1], got " + idleFraction);
        }
        if (badRate > badRateThreshold) {
            if (devices == 0) {
                return new ScalingAdvice(1, 0, String.format(Locale.ROOT,
                        "bad rate %.4f > %.4f with no devices: add 1 to bootstrap", badRate, badRateThreshold));
            }
            double multiplier = badRate >= 1 ? Double.POSITIVE_INFINITY : badRate / (1 - badRate);
            boolean capped = multiplier > maxGrowthFactor;
            double raw = devices * Math.min(multiplier, maxGrowthFactor);
            long add = (long) Math.ceil(raw - SLACK);
            add = Math.max(1, Math.min(add, Integer.MAX_VALUE - (long) devices));
            return new ScalingAdvice((int) add, 0, String.format(Locale.ROOT,
                    "bad rate %.4f > %.4f: add ⌈N·r/(1−r)⌉ = ⌈%d·%.4f⌉ = %d%s", badRate, badRateThreshold, devices,
                    Math.min(multiplier, maxGrowthFactor), add,
                    capped ? " (r/(1−r) capped at " + maxGrowthFactor + ")" : ""));
        }
        if (devices <= 1) {
            return new ScalingAdvice(0, 0, String.format(Locale.ROOT,
                    "bad rate %.4f ≤ %.4f; %d device(s): nothing to release", badRate, badRateThreshold, devices));
        }
        if (idleFraction < minIdleFractionToRelease) {
            return new ScalingAdvice(0, 0, String.format(Locale.ROOT,
                    "bad rate %.4f ≤ %.4f and idle fraction %.4f < %.4f: hold", badRate, badRateThreshold,
                    idleFraction, minIdleFractionToRelease));
        }
        long floor = (long) Math.floor(devices * idleFraction + SLACK);
        long release = Math.min(floor, devices - 1L);
        return new ScalingAdvice(0, (int) release, String.format(Locale.ROOT,
                "bad rate %.4f ≤ %.4f, idle fraction %.4f: release ⌊N·f⌋ = ⌊%d·%.4f⌋ = %d%s",
                badRate, badRateThreshold, idleFraction, devices, idleFraction, floor,
                release < floor ? ", capped at " + release + " to keep 1 device" : ""));
    }
}
