package io.baton.core.symphony.partition;

/**
 * Solves Symphony's epoch partitioning problem (Appendix A). Implementations: {@link MilpPartitioner} (the
 * paper's method), {@link GreedyPartitioner} (fallback) and {@link RandomPartitioner} (the paper's baseline).
 * Every implementation returns a result, feasible or not, rather than throwing for a hard instance; the
 * {@link PartitionResult#feasible()} flag says which.
 */
public interface Partitioner {

    PartitionResult partition(PartitionProblem problem);

    /** Short name for reports. */
    String name();
}
