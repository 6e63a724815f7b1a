/**
 * JMH microbenchmarks of the planners' per-round cost, where a wall-clock loop would mislead:
 * {@link io.baton.benchmarks.SchemblePlannerBenchmark} (Schemble's Algorithm 1 on one buffered round) and
 * {@link io.baton.benchmarks.SneakPeekSchedulerBenchmark} (one SneakPeek window at the brute-force threshold). Run
 * by {@code baton bench jmh} through {@link io.baton.benchmarks.JmhRunner}. A module of its own so that JMH is on no
 * other module's class path: bin/baton adds it for {@code bench jmh} only.
 */
package io.baton.benchmarks;
