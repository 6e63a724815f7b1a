package io.baton.core.bench;

import io.baton.core.sneakpeek.AppProfile;
import io.baton.core.sneakpeek.DirichletPrior;
import io.baton.core.sneakpeek.PeekRequest;
import io.baton.core.sneakpeek.Penalty;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The paper's workload (§6.1): per scheduling window (100 ms) a fixed number of requests, spread evenly over the
 * applications, arriving uniformly at random inside the window; each request's true label drawn from its
 * application's streamed label mix; deadline = arrival + a budget (mean 150 ms, optionally Normal with a standard
 * deviation, Fig. 11b). SneakPeek evidence follows the paper's synthetic SneakPeek model (§6.3.2): each of the k
 * neighbour labels is the true label with probability equal to the SneakPeek accuracy, otherwise uniform over the
 * other classes. θ̂ is the posterior mean under the chosen prior (§6.3.3).
 */
public final class SneakPeekWorkload {

    public enum PriorKind {
        /** α_i = 0.5 (Jeffreys, uninformative). */
        JEFFREYS,
        /** α_i = the stream's label frequency (weakly informative, matches the stream). */
        WEAK_STREAM,
        /** α_i = expected count of label i per window (strongly informative, matches the stream). */
        STRONG_STREAM,
        /** α_i = the test set's label frequency (weak, misaligned with the stream, Fig. 10b). */
        WEAK_TEST,
        /** strong, from the test set. */
        STRONG_TEST
    }

    /**
     * @param sneakPeekAccuracy NaN: each application's own; otherwise every application's (evidence and short-circuit)
     */
    public record Setup(SneakPeekAppTable table, int requestsPerWindow, double windowMs, double meanDeadlineMs,
                        double deadlineSdMs, Penalty penalty, double sneakPeekAccuracy, PriorKind prior, int k,
                        int windows, long seed, int maxBatch) {

        public static Setup paperDefault(SneakPeekAppTable table) {
            return new Setup(table, 12, 100, 150, 0, new Penalty.RelativeSigmoid(), Double.NaN, PriorKind.JEFFREYS,
                    5, 300, 1, 16);
        }

        public Setup withApps(int n) { return new Setup(table.cycled(n), requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, windows, seed, maxBatch); }
        public Setup withRequests(int n) { return new Setup(table, n, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, windows, seed, maxBatch); }
        public Setup withDeadline(double mean, double sd) { return new Setup(table, requestsPerWindow, windowMs, mean, sd, penalty, sneakPeekAccuracy, prior, k, windows, seed, maxBatch); }
        public Setup withPenalty(Penalty p) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, p, sneakPeekAccuracy, prior, k, windows, seed, maxBatch); }
        public Setup withSneakPeekAccuracy(double a) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, a, prior, k, windows, seed, maxBatch); }
        public Setup withPrior(PriorKind p) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, p, k, windows, seed, maxBatch); }
        public Setup withWindows(int w) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, w, seed, maxBatch); }
        public Setup withSeed(long s) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, windows, s, maxBatch); }
    }

    /** One window: its requests and their true labels (evaluation only). */
    public record Window(double endMs, List<PeekRequest> requests, int[] trueLabels) {}

    private SneakPeekWorkload() {}

    /** The applications as the schedulers see them under this setup (penalty, prior, SneakPeek accuracy). */
    public static List<AppProfile> profiles(Setup s) {
        List<AppProfile> out = new ArrayList<>();
        int perApp = Math.max(1, s.requestsPerWindow() / s.table().apps().size());
        for (SneakPeekAppTable.Entry e : s.table().apps()) {
            AppProfile p = e.profile().withPenalty(s.penalty()).withPrior(prior(s.prior(), e, perApp));
            if (!Double.isNaN(s.sneakPeekAccuracy())) p = p.withSneakPeekAccuracy(s.sneakPeekAccuracy());
            out.add(p);
        }
        return out;
    }

    static DirichletPrior prior(PriorKind kind, SneakPeekAppTable.Entry e, int perWindow) {
        int c = e.stream().length;
        double[] a = new double[c];
        for (int i = 0; i < c; i++) {
            a[i] = switch (kind) {
                case JEFFREYS -> 0.5;
                case WEAK_STREAM -> e.stream()[i];
                case STRONG_STREAM -> e.stream()[i] * perWindow;
                case WEAK_TEST -> e.testFrequencies()[i];
                case STRONG_TEST -> e.testFrequencies()[i] * perWindow;
            };
            a[i] = Math.max(a[i], 1e-3); // a Dirichlet needs α > 0
        }
        return new DirichletPrior(a);
    }

    public static List<Window> generate(Setup s) {
        List<AppProfile> apps = profiles(s);
        Random rnd = new Random(s.seed());
        List<Window> out = new ArrayList<>();
        int nApps = apps.size();
        for (int w = 0; w < s.windows(); w++) {
            double start = w * s.windowMs();
            List<PeekRequest> reqs = new ArrayList<>();
            int[] labels = new int[s.requestsPerWindow()];
            for (int i = 0; i < s.requestsPerWindow(); i++) {
                int a = i % nApps;
                SneakPeekAppTable.Entry e = s.table().apps().get(a);
                double arrival = start + rnd.nextDouble() * s.windowMs();
                int label = draw(rnd, e.stream());
                double acc = Double.isNaN(s.sneakPeekAccuracy()) ? e.profile().sneakPeekAccuracy() : s.sneakPeekAccuracy();
                double[] y = new double[e.stream().length];
                for (int n = 0; n < s.k(); n++) y[neighbourLabel(rnd, label, y.length, acc)]++;
                double budget = Math.max(1, s.meanDeadlineMs() + s.deadlineSdMs() * rnd.nextGaussian());
                labels[i] = label;
                reqs.add(new PeekRequest("w" + w + "r" + i, a, arrival, arrival + budget, apps.get(a).prior().posteriorMean(y)));
            }
            out.add(new Window(start + s.windowMs(), reqs, labels));
        }
        return out;
    }

    static int draw(Random rnd, double[] p) {
        double u = rnd.nextDouble(), c = 0;
        for (int i = 0; i < p.length; i++) {
            c += p[i];
            if (u < c) return i;
        }
        return p.length - 1;
    }

    /** The §6.3.2 synthetic SneakPeek model: right with probability acc, otherwise a uniformly chosen wrong class. */
    static int neighbourLabel(Random rnd, int label, int classes, double acc) {
        if (classes == 1 || rnd.nextDouble() < acc) return label;
        int other = rnd.nextInt(classes - 1);
        return other >= label ? other + 1 : other;
    }
}
