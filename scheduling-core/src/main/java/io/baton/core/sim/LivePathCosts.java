package io.baton.core.sim;

/**
 * What a batch costs on the live path beyond the device's ℓ(b), as explicit parameters of a simulation (0 by default,
 * the ideal cluster the papers simulate). A simulated batch of {@code n} requests keeps its device for
 * {@code ℓ(n) + perBatchMs + perRequestMs·n + transferMs}: live, the policy hears that a worker is free only once
 * the batch's answer is back at the scheduler, so the device is the policy's for the whole round trip.
 *
 * <p>The values are measurements, never fitted to make a replay agree: the scheduler's traffic recording writes them
 * ({@code # overhead} lines, see scheduler-service's README) from every served batch, with the worker's own report
 * of its time split off:
 *
 * @param perBatchMs   the worker's time on a batch besides ONNX Runtime's run and any model load (decoding inputs,
 *                     encoding outputs), the part that does not grow with the batch: the intercept of a least-squares
 *                     line over the batch size
 * @param perRequestMs that line's slope: what each request of a batch adds
 * @param transferMs   the batch's round trip at the scheduler less the worker's whole time on it: the wire both
 *                     ways, the scheduler's encoding and the hand-off back onto its engine's thread
 */
public record LivePathCosts(double perBatchMs, double perRequestMs, double transferMs) {

    /** No cost beyond ℓ(b). */
    public static final LivePathCosts NONE = new LivePathCosts(0, 0, 0);

    public LivePathCosts {
        check("perBatchMs", perBatchMs);
        check("perRequestMs", perRequestMs);
        check("transferMs", transferMs);
    }

    /** What a batch of {@code n} requests costs beyond ℓ(n). */
    public double batchMs(int n) {
        return perBatchMs + perRequestMs * n + transferMs;
    }

    private static void check(String name, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) throw new IllegalArgumentException(name + " must be a finite number ≥ 0, got " + v);
    }
}
