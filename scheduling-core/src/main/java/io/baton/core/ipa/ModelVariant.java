package io.baton.core.ipa;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.util.Checks;
import java.util.Objects;

/**
 * One model variant m of a pipeline stage (IPA §4.1, "model variants"): its accuracy a_{s,m}, its base
 * allocation R_m (CPU cores per replica, Eq. 1, fixed at runtime) and its latency profile l_m(b) under
 * that allocation.
 *
 * <p>The profile holds the points measured at batch sizes 1, 2, 4 … 64 (§4.2); sizes that were not measured
 * come from the quadratic fit l(b) = c2·b² + c1·b + c0 ({@link LatencyProfile.Fit#QUADRATIC}), never below
 * the previous size's latency.
 *
 * @param accuracy the task's quality metric on a higher-is-better scale, as a fraction in (0, 1]
 * @param cores    base allocation R_m, cores per replica (≥ 1)
 * @param latency  l_m(b) in ms under the base allocation
 */
public record ModelVariant(String name, double accuracy, int cores, LatencyProfile latency) {

    public ModelVariant {
        Checks.named(name, "variant");
        if (!(accuracy > 0 && accuracy <= 1)) {
            throw new IllegalArgumentException("accuracy of " + name + " must be in (0, 1], got " + accuracy);
        }
        if (cores < 1) throw new IllegalArgumentException("cores of " + name + " must be ≥ 1, got " + cores);
        Objects.requireNonNull(latency, "latency");
    }

    /** l_m(b) in ms. */
    public double latencyMs(int batch) {
        return latency.latencyMs(batch);
    }

    /** Per-replica throughput h_m(b) = b / l_m(b) in requests per second (as {@code plan ipa} reports it). */
    public double throughput(int batch) {
        return batch * 1000.0 / latency.latencyMs(batch);
    }
}
