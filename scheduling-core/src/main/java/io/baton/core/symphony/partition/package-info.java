/**
 * Symphony's epoch partitioning of models into sub-clusters (Appendix A): the MILP of Eqs. (4)–(11) solved
 * through the {@code MipSolver} seam ({@link io.baton.core.symphony.partition.MilpPartitioner}), a greedy +
 * local-search fallback ({@link io.baton.core.symphony.partition.GreedyPartitioner}), the paper's random-solver
 * baseline ({@link io.baton.core.symphony.partition.RandomPartitioner}) and an independent checker of the
 * constraints and objective ({@link io.baton.core.symphony.partition.PartitionEvaluator}).
 */
package io.baton.core.symphony.partition;
