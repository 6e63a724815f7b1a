package io.baton.core.symphony.partition;

import java.time.Duration;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The paper's random-solver baseline (Appendix A.2): "generate a random partition, check it against all the
 * constraints, evaluate using the MILP objective, and repeat", returning the feasible partition with the least
 * objective found within the time limit.
 *
 * <p>Each sample assigns every model to a uniformly random sub-cluster, independently (the paper does not say
 * how its partitions are drawn; uniform is the plain reading). Sampling stops at whichever comes first, a sample
 * count or a time budget. With a seed and a sample count (and a generous time budget) the result is
 * deterministic, which the tests rely on; with a time budget only it depends on machine speed, as the paper's
 * baseline does. Ties keep the earlier sample. When no sample is feasible the best-objective infeasible sample is
 * returned with {@code feasible = false}; uniform sampling almost never meets a tight disruption budget (11),
 * which is a property of the baseline, not a bug.
 */
public final class RandomPartitioner implements Partitioner {

    private final long seed;
    private final long maxSamples;
    private final Duration timeBudget;

    /**
     * @param seed       random seed
     * @param maxSamples stop after this many samples (≥ 1)
     * @param timeBudget stop after this much wall time (positive)
     */
    public RandomPartitioner(long seed, long maxSamples, Duration timeBudget) {
        if (maxSamples < 1) throw new IllegalArgumentException("maxSamples must be ≥ 1, got " + maxSamples);
        Objects.requireNonNull(timeBudget, "timeBudget");
        if (timeBudget.isNegative() || timeBudget.isZero()) {
            throw new IllegalArgumentException("timeBudget must be positive, got " + timeBudget);
        }
        this.seed = seed;
        this.maxSamples = maxSamples;
        this.timeBudget = timeBudget;
    }

    /** Deterministic: exactly {@code samples} samples (time budget 1 hour as a safety net). */
    public static RandomPartitioner withSamples(long seed, long samples) {
        return new RandomPartitioner(seed, samples, Duration.ofHours(1));
    }

    /** As the paper: as many samples as fit in the time budget (e.g. the MILP's 10 s). */
    public static RandomPartitioner withTimeBudget(long seed, Duration timeBudget) {
        return new RandomPartitioner(seed, Long.MAX_VALUE, timeBudget);
    }

    @Override
    public String name() {
        return "random";
    }

    @Override
    public PartitionResult partition(PartitionProblem problem) {
        ArrayScorer sc = new ArrayScorer(problem);
        SplittableRandom rnd = new SplittableRandom(seed);
        long deadline = System.nanoTime() + timeBudget.toNanos();
        int[] a = new int[sc.m];
        int[] bestFeasible = null;
        double bestFeasibleObj = Double.POSITIVE_INFINITY;
        int[] bestAny = null;
        double bestAnyObj = Double.POSITIVE_INFINITY;
        boolean[] ok = new boolean[1];
        long n = 0;
        long feasibleCount = 0;
        while (n < maxSamples) {
            if ((n & 63) == 0 && n > 0 && System.nanoTime() >= deadline) break;
            for (int i = 0; i < sc.m; i++) a[i] = rnd.nextInt(sc.l);
            double obj = sc.score(a, ok);
            n++;
            if (ok[0]) {
                feasibleCount++;
                if (obj < bestFeasibleObj) {
                    bestFeasibleObj = obj;
                    bestFeasible = a.clone();
                }
            } else if (bestFeasible == null && obj < bestAnyObj) {
                bestAnyObj = obj;
                bestAny = a.clone();
            }
        }
        int[] chosen = bestFeasible != null ? bestFeasible : bestAny;
        return PartitionResult.of(problem, sc.toMap(chosen), PartitionMethod.RANDOM,
                "random: " + n + " samples, " + feasibleCount + " feasible, seed " + seed);
    }
}
