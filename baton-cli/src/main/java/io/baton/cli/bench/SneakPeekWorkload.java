package io.baton.cli.bench;

import io.baton.core.sneakpeek.AppProfile;
import io.baton.core.sneakpeek.DirichletPrior;
import io.baton.core.sneakpeek.ModelCache;
import io.baton.core.sneakpeek.PeekRequest;
import io.baton.core.sneakpeek.Penalty;
import io.baton.core.sneakpeek.SchedulingWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The paper's workload (§6.1): per scheduling window (100 ms) a fixed number of requests, spread evenly over the
 * applications, arriving uniformly at random inside the window; each request's true label drawn from its
 * application's streamed label mix; deadline = arrival + a budget (mean 150 ms, optionally Normal with a standard
 * deviation, Fig. 11b). θ̂ is the posterior mean under the chosen prior (§6.3.3).
 *
 * <p>SneakPeek evidence follows the paper's synthetic SneakPeek model (§6.3.2: a confusion matrix with the given
 * accuracy on the diagonal and errors spread uniformly), made k-NN-like: the query lands in the region of its true
 * class with probability equal to the SneakPeek accuracy, otherwise in a uniformly chosen wrong class's region; each
 * of the k neighbours carries the region's label with probability {@link #PURITY}, otherwise a uniformly chosen other
 * label. (Independent neighbour votes would make the majority far more accurate than the stated accuracy; real
 * neighbours are correlated.) The short-circuit candidate's profiled accuracy is then measured the way a profiler
 * would: P(argmax θ̂ = true label) over the test set's label mix, by Monte Carlo with a fixed seed.
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
     * @param budget            the d the relative penalties normalise by (default {@code FROM_NOW}: the paper's eqs.
     *                          1–2 and 12 share one origin, the scheduling time; see {@link SchedulingWindow.DeadlineBudget})
     * @param memoryMb          the worker's model memory: NaN the table's budget, {@link #ONE_MODEL} one resident model
     *                          (every change of model pays its load), otherwise a budget in MB (e.g. 12288, the paper's
     *                          RTX 3060)
     * @param carryBacklog      true: a window's plan starts when the device is free (a real worker queue; the paper's
     *                          eq. 13 "plus the expected wait time", l. 206); false: every window is scheduled and scored
     *                          on an idle device, eq. 1–3 per window alone (a sensitivity reading only)
     */
    public record Setup(SneakPeekAppTable table, int requestsPerWindow, double windowMs, double meanDeadlineMs,
                        double deadlineSdMs, Penalty penalty, double sneakPeekAccuracy, PriorKind prior, int k,
                        int windows, long seed, int maxBatch, SchedulingWindow.DeadlineBudget budget, double memoryMb,
                        boolean carryBacklog) {

        /** {@link #memoryMb} for a worker that holds one model at a time. */
        public static final double ONE_MODEL = 0;

        public Setup {
            if (budget == null) throw new IllegalArgumentException("budget is required");
            if (!(Double.isNaN(memoryMb) || memoryMb >= 0)) throw new IllegalArgumentException("memoryMb must be NaN, 0 (one model) or > 0");
        }

        public static Setup paperDefault(SneakPeekAppTable table) {
            return new Setup(table, 12, 100, 150, 0, new Penalty.RelativeSigmoid(), Double.NaN, PriorKind.JEFFREYS,
                    5, 300, 1, 16, SchedulingWindow.DeadlineBudget.FROM_NOW, Double.NaN, true);
        }

        public Setup withApps(int n) { return new Setup(table.cycled(n), requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, windows, seed, maxBatch, budget, memoryMb, carryBacklog); }
        public Setup withRequests(int n) { return new Setup(table, n, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, windows, seed, maxBatch, budget, memoryMb, carryBacklog); }
        public Setup withDeadline(double mean, double sd) { return new Setup(table, requestsPerWindow, windowMs, mean, sd, penalty, sneakPeekAccuracy, prior, k, windows, seed, maxBatch, budget, memoryMb, carryBacklog); }
        public Setup withPenalty(Penalty p) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, p, sneakPeekAccuracy, prior, k, windows, seed, maxBatch, budget, memoryMb, carryBacklog); }
        public Setup withSneakPeekAccuracy(double a) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, a, prior, k, windows, seed, maxBatch, budget, memoryMb, carryBacklog); }
        public Setup withPrior(PriorKind p) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, p, k, windows, seed, maxBatch, budget, memoryMb, carryBacklog); }
        public Setup withWindows(int w) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, w, seed, maxBatch, budget, memoryMb, carryBacklog); }
        public Setup withSeed(long s) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, windows, s, maxBatch, budget, memoryMb, carryBacklog); }
        public Setup withBudget(SchedulingWindow.DeadlineBudget b) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, windows, seed, maxBatch, b, memoryMb, carryBacklog); }
        public Setup withMemory(double mb) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, windows, seed, maxBatch, budget, mb, carryBacklog); }
        public Setup withBacklog(boolean carry) { return new Setup(table, requestsPerWindow, windowMs, meanDeadlineMs, deadlineSdMs, penalty, sneakPeekAccuracy, prior, k, windows, seed, maxBatch, budget, memoryMb, carry); }

        /** The worker's model cache at the start of a run. */
        public ModelCache cache(List<AppProfile> apps) {
            if (memoryMb == ONE_MODEL) return SchedulingWindow.singleSlotCache(apps);
            return SchedulingWindow.budgetedCache(apps, Double.isNaN(memoryMb) ? table.memoryBudgetMb() : memoryMb);
        }
    }

    /** One window: its requests and their true labels (evaluation only). */
    public record Window(double endMs, List<PeekRequest> requests, int[] trueLabels) {}

    /** Probability that a neighbour carries its region's label. */
    public static final double PURITY = 0.8;

    private SneakPeekWorkload() {}

    /** The applications as the schedulers see them under this setup (penalty, prior, SneakPeek accuracy). */
    public static List<AppProfile> profiles(Setup s) {
        List<AppProfile> out = new ArrayList<>();
        int perApp = Math.max(1, s.requestsPerWindow() / s.table().apps().size());
        for (SneakPeekAppTable.Entry e : s.table().apps()) {
            DirichletPrior prior = prior(s.prior(), e, perApp);
            double acc = Double.isNaN(s.sneakPeekAccuracy()) ? e.profile().sneakPeekAccuracy() : s.sneakPeekAccuracy();
            double sc = realEvidence(s, e) ? shortCircuitAccuracy(e.testFrequencies(), e.neighbours(), prior)
                    : shortCircuitAccuracy(e.testFrequencies(), acc, s.k(), prior);
            out.add(e.profile().withPenalty(s.penalty()).withPrior(prior).withSneakPeekAccuracy(sc));
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
                double[] y = realEvidence(s, e) ? e.neighbours()[label][rnd.nextInt(e.neighbours()[label].length)]
                        : evidence(rnd, label, e.stream().length, acc, s.k());
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

    /** Neighbour-label counts y for a request of the given label (see the class comment). */
    static double[] evidence(Random rnd, int label, int classes, double acc, int k) {
        int region = other(rnd, label, classes, acc);
        double[] y = new double[classes];
        for (int n = 0; n < k; n++) y[other(rnd, region, classes, PURITY)]++;
        return y;
    }

    /** label with probability p, otherwise a uniformly chosen other class. */
    private static int other(Random rnd, int label, int classes, double p) {
        if (classes == 1 || rnd.nextDouble() < p) return label;
        int o = rnd.nextInt(classes - 1);
        return o >= label ? o + 1 : o;
    }

    /**
     * Real k-NN evidence (the table's measured neighbour votes, at the table's k) is used unless the setup overrides
     * the SneakPeek accuracy (the Fig. 9 sweep, synthetic by definition in the paper too).
     */
    static boolean realEvidence(Setup s, SneakPeekAppTable.Entry e) {
        return e.neighbours() != null && Double.isNaN(s.sneakPeekAccuracy());
    }

    /** The SneakPeek model's profiled accuracy from real votes: Σ_c test(c)·P(argmax θ̂ = c | examples of c). */
    static double shortCircuitAccuracy(double[] testFrequencies, double[][][] neighbours, DirichletPrior prior) {
        double acc = 0;
        for (int c = 0; c < neighbours.length; c++) {
            int right = 0;
            for (double[] y : neighbours[c]) {
                double[] theta = prior.posteriorMean(y);
                int best = 0;
                for (int j = 1; j < theta.length; j++) if (theta[j] > theta[best]) best = j;
                if (best == c) right++;
            }
            acc += testFrequencies[c] * right / neighbours[c].length;
        }
        return acc;
    }

    /** The SneakPeek model's profiled accuracy: P(argmax θ̂ = label), labels from the test set's mix. */
    static double shortCircuitAccuracy(double[] testFrequencies, double acc, int k, DirichletPrior prior) {
        Random rnd = new Random(12345);
        int samples = 20_000, right = 0;
        for (int i = 0; i < samples; i++) {
            int label = draw(rnd, testFrequencies);
            double[] theta = prior.posteriorMean(evidence(rnd, label, testFrequencies.length, acc, k));
            int best = 0;
            for (int c = 1; c < theta.length; c++) if (theta[c] > theta[best]) best = c;
            if (best == label) right++;
        }
        return (double) right / samples;
    }
}
