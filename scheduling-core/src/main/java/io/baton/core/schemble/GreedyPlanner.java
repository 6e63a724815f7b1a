package io.baton.core.schemble;

import io.baton.core.policy.Planner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The greedy ablations of Schemble Exp-4 (§VIII): take the buffered queries in one order and give each
 * the highest-utility subset that still finishes by its deadline after the queries before it, ignoring
 * the rest of the queue. Orders: EDF (deadline), FIFO (arrival = input order) and SJF (easiest first:
 * the paper's smallest predicted score, read here as the highest best-single-model utility of the
 * query's row, which falls as the score's bin rises; ties in input order).
 */
public final class GreedyPlanner implements Planner<PlanningProblem, SchemblePlan> {
    public enum Order { EDF, FIFO, SJF }

    private final Order order;

    public GreedyPlanner(Order order) {
        this.order = order;
    }

    @Override
    public SchemblePlan plan(PlanningProblem p) {
        int m = p.models().size(), n = p.queries().size();
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) idx[i] = i;
        Comparator<Integer> by = switch (order) {
            case EDF -> Comparator.comparingDouble(i -> p.queries().get(i).deadlineMs());
            case FIFO -> Comparator.comparingInt(i -> i);
            case SJF -> Comparator.comparingDouble(i -> -bestSingle(p.queries().get(i), m));
        };
        Arrays.sort(idx, by);
        double[] t = new double[m];
        for (int k = 0; k < m; k++) t[k] = Math.max(p.nowMs(), p.models().get(k).freeAtMs());
        List<SchemblePlan.Assignment> out = new ArrayList<>();
        double total = 0;
        for (int i : idx) {
            PlannerQuery q = p.queries().get(i);
            int best = 0;
            double bestU = 0;
            for (int s = 1; s < 1 << m; s++) {
                double u = q.utility()[s];
                if (Double.isNaN(u) || u <= bestU) continue;
                double finish = 0;
                for (int k = 0; k < m; k++) if ((s >>> k & 1) != 0) finish = Math.max(finish, t[k] + p.models().get(k).latencyMs());
                if (finish <= q.deadlineMs() + 1e-9) {
                    best = s;
                    bestU = u;
                }
            }
            if (best == 0) continue;
            for (int k = 0; k < m; k++) if ((best >>> k & 1) != 0) t[k] += p.models().get(k).latencyMs();
            out.add(new SchemblePlan.Assignment(i, best));
            total += bestU;
        }
        return new SchemblePlan(out, total, (long) Math.floor(total / p.delta() + 1e-9));
    }

    private static double bestSingle(PlannerQuery q, int m) {
        double b = 0;
        for (int k = 0; k < m; k++) if (!Double.isNaN(q.utility()[1 << k])) b = Math.max(b, q.utility()[1 << k]);
        return b;
    }
}
