package io.baton.core.ipa;

import java.util.Arrays;
import java.util.Objects;

/**
 * One instance of IPA's integer program (§4.4, Eqs. 9–10): a pipeline, the predicted arrival rate λ_P, the
 * end-to-end budget SLA_P, the objective weights, the batch sizes a stage may use and the replica cap; plus the
 * extra constraints that turn the IPA solver into the baselines (§5.1, the artifact's {@code baseline_mode}):
 * a variant pinned per stage (FA2: scaling and batching only) or a replica count fixed per stage (RIM: model
 * switching and batching only).
 *
 * @param arrivalRate     λ_P in requests per second (≥ 0; every stage sees all of it)
 * @param slaMs           SLA_P, the bound of Eq. 10b
 * @param batchSizes      the allowed b_s, distinct and ≥ 1
 * @param maxReplicas     scaling cap: 1 ≤ n_s ≤ maxReplicas
 * @param accuracyMethod  PAS (product, Eq. 8) or PAS' (rank-normalised sum, Eq. 11)
 * @param pinnedVariant   per stage, the only variant index allowed, or -1 for free choice
 * @param fixedReplicas   per stage, the replica count n_s must equal, or 0 for free choice
 */
public record IpaProblem(Pipeline pipeline, double arrivalRate, double slaMs, Weights weights, int[] batchSizes,
                         int maxReplicas, AccuracyMethod accuracyMethod, int[] pinnedVariant, int[] fixedReplicas) {

    public IpaProblem {
        Objects.requireNonNull(pipeline, "pipeline");
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(accuracyMethod, "accuracyMethod");
        if (!(arrivalRate >= 0) || !Double.isFinite(arrivalRate)) throw new IllegalArgumentException("arrivalRate must be ≥ 0");
        if (!(slaMs > 0)) throw new IllegalArgumentException("slaMs must be > 0");
        if (maxReplicas < 1) throw new IllegalArgumentException("maxReplicas must be ≥ 1");
        batchSizes = batchSizes.clone();
        if (batchSizes.length == 0) throw new IllegalArgumentException("batchSizes must not be empty");
        if (Arrays.stream(batchSizes).anyMatch(b -> b < 1)) throw new IllegalArgumentException("batch sizes must be ≥ 1");
        if (Arrays.stream(batchSizes).distinct().count() != batchSizes.length) throw new IllegalArgumentException("batch sizes must be distinct");
        int n = pipeline.size();
        pinnedVariant = pinnedVariant == null ? filled(n, -1) : pinnedVariant.clone();
        fixedReplicas = fixedReplicas == null ? filled(n, 0) : fixedReplicas.clone();
        if (pinnedVariant.length != n || fixedReplicas.length != n) throw new IllegalArgumentException("one pin per stage");
        for (int s = 0; s < n; s++) {
            if (pinnedVariant[s] < -1 || pinnedVariant[s] >= pipeline.stage(s).variants().size()) {
                throw new IllegalArgumentException("pinned variant of stage " + s + " out of range");
            }
            if (fixedReplicas[s] < 0) throw new IllegalArgumentException("fixed replicas of stage " + s + " must be ≥ 0");
        }
    }

    /** The plain IPA problem: every variant and replica count allowed, PAS accuracy. */
    public static IpaProblem of(Pipeline pipeline, double arrivalRate, double slaMs, Weights weights, int[] batchSizes,
                                int maxReplicas) {
        return new IpaProblem(pipeline, arrivalRate, slaMs, weights, batchSizes, maxReplicas, AccuracyMethod.PAS, null, null);
    }

    public IpaProblem withArrivalRate(double rate) {
        return new IpaProblem(pipeline, rate, slaMs, weights, batchSizes, maxReplicas, accuracyMethod, pinnedVariant, fixedReplicas);
    }

    public IpaProblem withAccuracyMethod(AccuracyMethod m) {
        return new IpaProblem(pipeline, arrivalRate, slaMs, weights, batchSizes, maxReplicas, m, pinnedVariant, fixedReplicas);
    }

    /** FA2-style: only the given variant per stage. */
    public IpaProblem withPinnedVariants(int[] variants) {
        return new IpaProblem(pipeline, arrivalRate, slaMs, weights, batchSizes, maxReplicas, accuracyMethod, variants, fixedReplicas);
    }

    /** RIM-style: n_s fixed per stage. */
    public IpaProblem withFixedReplicas(int[] replicas) {
        return new IpaProblem(pipeline, arrivalRate, slaMs, weights, batchSizes, maxReplicas, accuracyMethod, pinnedVariant, replicas);
    }

    /** Worst-case batching delay q(b) = (b − 1)/λ (Eq. 7, from FA2) in ms; 0 when λ = 0 (the artifact's choice). */
    public double queueingMs(int batch) {
        return arrivalRate > 0 ? (batch - 1) * 1000.0 / arrivalRate : 0;
    }

    /**
     * The fewest replicas n with n·h ≥ λ (Eq. 10c), at least 1; for a stage with fixed replicas, that count when it
     * suffices. Returns 0 when no count within the cap suffices.
     */
    public int replicasFor(int stage, double throughput) {
        int fixed = fixedReplicas[stage];
        if (fixed > 0) return fixed * throughput >= arrivalRate && fixed <= maxReplicas ? fixed : 0;
        if (arrivalRate <= 0) return 1;
        double need = arrivalRate / throughput;
        if (need > maxReplicas + 1) return 0;
        long n = Math.max(1, (long) Math.ceil(need));
        while (n * throughput < arrivalRate) n++;
        while (n > 1 && (n - 1) * throughput >= arrivalRate) n--;
        return n <= maxReplicas ? (int) n : 0;
    }

    private static int[] filled(int n, int v) {
        int[] a = new int[n];
        Arrays.fill(a, v);
        return a;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IpaProblem p && pipeline.equals(p.pipeline) && arrivalRate == p.arrivalRate && slaMs == p.slaMs
                && weights.equals(p.weights) && Arrays.equals(batchSizes, p.batchSizes) && maxReplicas == p.maxReplicas
                && accuracyMethod == p.accuracyMethod && Arrays.equals(pinnedVariant, p.pinnedVariant)
                && Arrays.equals(fixedReplicas, p.fixedReplicas);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pipeline, arrivalRate, slaMs, weights, Arrays.hashCode(batchSizes), maxReplicas, accuracyMethod,
                Arrays.hashCode(pinnedVariant), Arrays.hashCode(fixedReplicas));
    }

    @Override
    public String toString() {
        return "IpaProblem[" + pipeline.name() + ", λ=" + arrivalRate + ", sla=" + slaMs + "ms, " + weights + ", b="
                + Arrays.toString(batchSizes) + ", maxReplicas=" + maxReplicas + ", " + accuracyMethod + "]";
    }
}
