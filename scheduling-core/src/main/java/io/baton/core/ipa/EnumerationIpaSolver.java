package io.baton.core.ipa;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Exact solver of IPA's integer program (Eqs. 9–10) without an IP solver: enumeration of (variant, batch) per
 * stage with replicas = ⌈λ/h⌉ (see {@link StageOptions}), organised as a depth-first branch and bound so that
 * large pipelines stay fast (10 stages × 10 variants × 7 batch sizes is 70^10 plain combinations).
 *
 * <p>Why it is exact: every pruning step discards only sub-trees that cannot hold a configuration strictly better
 * than the incumbent.
 * <ul>
 *   <li>Per stage, options dominated in (score, cost term, latency) are removed ({@link StageOptions#paretoFront}).</li>
 *   <li>A partial configuration whose latency plus the smallest latency of every remaining stage exceeds SLA_P
 *       cannot be completed (Eq. 10b).</li>
 *   <li>Upper bound of a completion: α·combine(prefix score, best remaining scores) − prefix cost − Σ cheapest
 *       remaining cost terms. With PAS the score is a product of factors in (0, 1], with PAS' a sum; in both cases
 *       using each remaining stage's best score and cheapest cost separately can only overestimate.</li>
 * </ul>
 * Stages are searched in order of fewest options first (the objective is symmetric in the stages), and options
 * best-score-first so that a strong incumbent appears early. Ties between equally good plans keep the first found.
 */
public final class EnumerationIpaSolver implements IpaSolver {

    @Override
    public String name() {
        return "enumeration";
    }

    @Override
    public IpaPlan solve(IpaProblem p) {
        int n = p.pipeline().size();
        Integer[] order = new Integer[n];
        List<List<StageOptions.Option>> perStage = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            List<StageOptions.Option> front = StageOptions.paretoFront(StageOptions.feasible(p, s));
            if (front.isEmpty()) return IpaPlan.infeasible();
            perStage.add(front);
            order[s] = s;
        }
        java.util.Arrays.sort(order, Comparator.comparingInt(s -> perStage.get(s).size()));
        Search search = new Search(p, order, perStage);
        search.run();
        if (search.bestChoice == null) return IpaPlan.infeasible();
        int[] variant = new int[n];
        int[] batch = new int[n];
        for (int k = 0; k < n; k++) {
            StageOptions.Option o = search.bestChoice[k];
            variant[order[k]] = o.variant();
            batch[order[k]] = o.batch();
        }
        return IpaPlan.evaluate(p, variant, batch);
    }

    /** The depth-first search over stages in the chosen order. */
    private static final class Search {
        private final boolean product;
        private final double alpha;
        private final double sla;
        private final StageOptions.Option[][] options; // by depth
        private final double[] suffixMinLatency;       // Σ_{k ≥ d} min latency
        private final double[] suffixMinCost;          // Σ_{k ≥ d} min cost term
        private final double[] suffixBestScore;        // Π or Σ_{k ≥ d} max score
        private final StageOptions.Option[] current;
        StageOptions.Option[] bestChoice;
        double best = Double.NEGATIVE_INFINITY;

        Search(IpaProblem p, Integer[] order, List<List<StageOptions.Option>> perStage) {
            int n = order.length;
            product = p.accuracyMethod() == AccuracyMethod.PAS;
            alpha = p.weights().alpha();
            sla = p.slaMs();
            options = new StageOptions.Option[n][];
            suffixMinLatency = new double[n + 1];
            suffixMinCost = new double[n + 1];
            suffixBestScore = new double[n + 1];
            suffixBestScore[n] = product ? 1 : 0;
            for (int d = 0; d < n; d++) options[d] = perStage.get(order[d]).toArray(StageOptions.Option[]::new);
            for (int d = n - 1; d >= 0; d--) {
                double minL = Double.POSITIVE_INFINITY, minC = Double.POSITIVE_INFINITY, maxS = Double.NEGATIVE_INFINITY;
                for (StageOptions.Option o : options[d]) {
                    minL = Math.min(minL, o.latencyMs());
                    minC = Math.min(minC, o.costTerm());
                    maxS = Math.max(maxS, o.score());
                }
                suffixMinLatency[d] = suffixMinLatency[d + 1] + minL;
                suffixMinCost[d] = suffixMinCost[d + 1] + minC;
                suffixBestScore[d] = product ? suffixBestScore[d + 1] * maxS : suffixBestScore[d + 1] + maxS;
            }
            current = new StageOptions.Option[n];
        }

        void run() {
            if (suffixMinLatency[0] > sla) return;
            dfs(0, product ? 1 : 0, 0, 0);
        }

        private void dfs(int d, double score, double cost, double latency) {
            if (d == options.length) {
                double f = alpha * score - cost;
                if (f > best) {
                    best = f;
                    bestChoice = current.clone();
                }
                return;
            }
            double latencyLeft = sla - latency - suffixMinLatency[d + 1];
            for (StageOptions.Option o : options[d]) {
                if (o.latencyMs() > latencyLeft) continue;
                double s = product ? score * o.score() : score + o.score();
                double c = cost + o.costTerm();
                double bound = alpha * (product ? s * suffixBestScore[d + 1] : s + suffixBestScore[d + 1])
                        - c - suffixMinCost[d + 1];
                if (bound <= best) continue;
                current[d] = o;
                dfs(d + 1, s, c, latency + o.latencyMs());
            }
        }
    }
}
