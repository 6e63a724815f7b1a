package io.baton.benchmarks;

import io.baton.cli.bench.SchembleBench;
import io.baton.core.schemble.PlanningProblem;
import io.baton.core.schemble.SchemblePlan;
import io.baton.core.schemble.SchemblePlanner;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Schemble's Algorithm 1 on one buffered round (the target that keeps planning well inside a query's slack: 32 queries
 * over 3 models at δ = 0.01, median ≤ 1 ms). Sample time, so the report gives the median and the tail; 256 random
 * rounds from {@link SchembleBench#plannerProblem} are planned in turn, so that no one instance's Pareto fronts decide
 * the figure. δ = 0.1 and 0.001 are the paper's other settings (Exp-4: the table grows tenfold per decade).
 */
public class SchemblePlannerBenchmark extends PlanningLatencyBenchmark {

    @Param({"0.1", "0.01", "0.001"})
    public double delta;

    @Param({"32"})
    public int queries;

    private final SchemblePlanner planner = new SchemblePlanner();
    private PlanningProblem[] rounds;
    private int next;

    @Setup(Level.Trial)
    public void rounds() {
        SplittableRandom rnd = new SplittableRandom(1);
        rounds = new PlanningProblem[256];
        for (int i = 0; i < rounds.length; i++) rounds[i] = SchembleBench.plannerProblem(rnd, delta, queries);
    }

    @Benchmark
    public SchemblePlan plan() {
        PlanningProblem p = rounds[next];
        next = (next + 1) & (rounds.length - 1);
        return planner.plan(p);
    }
}
