package io.baton.core.symphony.partition;

/** Which algorithm produced a {@link PartitionResult}. */
public enum PartitionMethod {
    /** The Appendix A MILP, solved through the {@code MipSolver} seam. */
    MILP,
    /** {@link GreedyPartitioner}: the fallback when the MILP finds nothing in time. */
    GREEDY,
    /** {@link RandomPartitioner}: the paper's random-solver baseline (Appendix A.2). */
    RANDOM
}
