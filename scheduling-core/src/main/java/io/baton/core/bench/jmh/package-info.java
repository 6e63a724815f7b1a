/**
 * JMH microbenchmarks of the planners' per-round cost, where a wall-clock loop would mislead:
 * {@link io.baton.core.bench.jmh.SchemblePlannerBenchmark} (Schemble's Algorithm 1 on one buffered round) and
 * {@link io.baton.core.bench.jmh.SneakPeekSchedulerBenchmark} (one SneakPeek window at the brute-force threshold). Run
 * by {@code baton bench jmh}.
 */
package io.baton.core.bench.jmh;
