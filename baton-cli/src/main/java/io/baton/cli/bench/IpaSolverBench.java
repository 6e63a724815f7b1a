package io.baton.cli.bench;

import io.baton.core.ipa.EnumerationIpaSolver;
import io.baton.core.ipa.IpaPlan;
import io.baton.core.ipa.IpaProblem;
import io.baton.core.ipa.MipIpaSolver;
import io.baton.core.ipa.Pipeline;
import io.baton.core.ipa.SyntheticPipelines;
import io.baton.core.ipa.Weights;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * {@code baton bench ipa-solver}: decision time of IPA's integer program (the paper's Fig. 13: Gurobi under 2 s
 * for 10 stages × 10 variants). Random synthetic pipelines ({@link SyntheticPipelines}) of S stages × V variants
 * with 7 batch sizes (1…64), λ uniform in [10, 40] RPS, SLA_P from §4.2, Table 15's video weights scaled
 * (α = 10, β = 0.5, δ = 1e-6). Each instance is solved by the exact enumeration (after a warm-up) several times;
 * the row reports the median over instances of each instance's median time. The MILP (OR-Tools) solves the first
 * few instances too, and the bench checks that both reach the same objective.
 */
public final class IpaSolverBench {

    /** One size's result. */
    public record Row(int stages, int variants, int instances, double medianMs, double p90Ms, double maxMs,
                      double mipMedianMs, int mipChecked, int mipAgreed) {}

    private IpaSolverBench() {}

    public static List<Row> run(int[][] sizes, int instances, int mipInstances, long seed) {
        List<Row> rows = new ArrayList<>();
        EnumerationIpaSolver enumeration = new EnumerationIpaSolver();
        MipIpaSolver mip = new MipIpaSolver();
        int[] batches = {1, 2, 4, 8, 16, 32, 64};
        for (int[] size : sizes) {
            Random rnd = new Random(seed);
            List<IpaProblem> problems = new ArrayList<>();
            for (int i = 0; i < instances; i++) {
                Pipeline pipe = SyntheticPipelines.random(size[0], size[1], rnd);
                problems.add(IpaProblem.of(pipe, 10 + 30 * rnd.nextDouble(), pipe.slaMs(), new Weights(10, 0.5, 1e-6),
                        batches, 64));
            }
            for (int w = 0; w < 3; w++) for (IpaProblem p : problems) enumeration.solve(p); // JIT warm-up
            double[] times = new double[instances];
            for (int i = 0; i < instances; i++) {
                double[] reps = new double[5];
                for (int r = 0; r < reps.length; r++) {
                    long t0 = System.nanoTime();
                    enumeration.solve(problems.get(i));
                    reps[r] = (System.nanoTime() - t0) / 1e6;
                }
                Arrays.sort(reps);
                times[i] = reps[reps.length / 2];
            }
            Arrays.sort(times);
            int checked = Math.min(mipInstances, instances), agreed = 0;
            double[] mipTimes = new double[checked];
            for (int i = 0; i < checked; i++) {
                IpaPlan e = enumeration.solve(problems.get(i));
                long t0 = System.nanoTime();
                IpaPlan m = mip.solve(problems.get(i));
                mipTimes[i] = (System.nanoTime() - t0) / 1e6;
                if (e.feasible() == m.feasible() && (!e.feasible() || Math.abs(e.objective() - m.objective()) <= 1e-5)) agreed++;
            }
            Arrays.sort(mipTimes);
            rows.add(new Row(size[0], size[1], instances, times[instances / 2], times[(int) Math.min(instances - 1, Math.ceil(0.9 * instances) - 1)],
                    times[instances - 1], checked == 0 ? Double.NaN : mipTimes[checked / 2], checked, agreed));
        }
        return rows;
    }

    public static void print(List<Row> rows, PrintStream out) {
        out.println("IPA integer program (Eqs. 9-10), 7 batch sizes, exact enumeration (branch and bound) vs MILP (OR-Tools)");
        out.printf("%-7s %-9s %-10s %-12s %-10s %-10s %-14s %s%n", "stages", "variants", "instances", "median ms", "p90 ms",
                "max ms", "mip median ms", "mip agrees");
        for (Row r : rows) {
            out.printf("%-7d %-9d %-10d %-12.3f %-10.3f %-10.3f %-14.1f %d/%d%n", r.stages(), r.variants(), r.instances(),
                    r.medianMs(), r.p90Ms(), r.maxMs(), r.mipMedianMs(), r.mipAgreed(), r.mipChecked());
        }
    }
}
