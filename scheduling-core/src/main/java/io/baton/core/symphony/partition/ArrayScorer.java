package io.baton.core.symphony.partition;

/**
 * Fast evaluation of assignments held as {@code int[]} (model index → sub-cluster), for the sampling and greedy
 * partitioners that score many candidates. It implements the same definitions and tolerance as
 * {@link PartitionEvaluator}, which remains the reference (results are re-evaluated there).
 */
final class ArrayScorer {
    final PartitionProblem p;
    final int m;
    final int l;
    final double[] r;
    final double[] s;
    final double[] d;
    final int[] was;     // current sub-cluster or -1; null without a current assignment
    final double[] cost; // c_i; null without a current assignment
    final double rBar;
    final double sBar;

    private final double[] rate;
    private final double[] stat;
    private final double[] dyn;

    ArrayScorer(PartitionProblem p) {
        this.p = p;
        this.m = p.modelCount();
        this.l = p.subClusters();
        r = new double[m];
        s = new double[m];
        d = new double[m];
        for (int i = 0; i < m; i++) {
            ModelDemand md = p.models().get(i);
            r[i] = md.rate();
            s[i] = md.staticMemory();
            d[i] = md.dynamicMemory();
        }
        if (p.current() != null) {
            was = new int[m];
            cost = new double[m];
            for (int i = 0; i < m; i++) {
                String n = p.models().get(i).name();
                was[i] = p.current().currentOf(n);
                cost[i] = p.current().moveCost().get(n);
            }
        } else {
            was = null;
            cost = null;
        }
        rBar = p.meanRate();
        sBar = p.meanStaticMemory();
        rate = new double[l];
        stat = new double[l];
        dyn = new double[l];
    }

    /** Cost under (11) of giving model i the sub-cluster j (0 without a current assignment). */
    double moveCost(int i, int j) {
        if (was == null) return 0;
        if (was[i] < 0) return cost[i];
        return was[i] == j ? 0 : 2 * cost[i];
    }

    /** Objective ΔR + w·ΔS of the assignment; {@code feasible[0]} receives whether (5), (6), (11) hold. */
    double score(int[] a, boolean[] feasible) {
        java.util.Arrays.fill(rate, 0);
        java.util.Arrays.fill(stat, 0);
        java.util.Arrays.fill(dyn, 0);
        double move = 0;
        for (int i = 0; i < m; i++) {
            int j = a[i];
            rate[j] += r[i];
            stat[j] += s[i];
            if (d[i] > dyn[j]) dyn[j] = d[i];
            move += moveCost(i, j);
        }
        boolean ok = was == null || !PartitionEvaluator.exceeds(move, p.current().maxCost());
        double dr = 0;
        double ds = 0;
        for (int j = 0; j < l; j++) {
            dr = Math.max(dr, Math.abs(rate[j] - rBar));
            ds = Math.max(ds, Math.abs(stat[j] - sBar));
            if (PartitionEvaluator.exceeds(rate[j], p.maxRate())
                    || PartitionEvaluator.exceeds(stat[j] + dyn[j], p.maxMemory())) {
                ok = false;
            }
        }
        feasible[0] = ok;
        return dr + p.memoryWeight() * ds;
    }

    java.util.Map<String, Integer> toMap(int[] a) {
        java.util.Map<String, Integer> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < m; i++) out.put(p.models().get(i).name(), a[i]);
        return out;
    }
}
