package io.baton.cli.bench;

import io.baton.core.plan.InputException;
import io.baton.core.plan.JsonInput;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.sneakpeek.AppProfile;
import io.baton.core.sneakpeek.DirichletPrior;
import io.baton.core.sneakpeek.ModelVariant;
import io.baton.core.sneakpeek.Penalty;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The applications {@code bench sneakpeek} serves: per application its models (per-class recall, batch latency
 * ℓ(b) = alphaMs·b + betaMs, load time, memory), the label mix it streams, the label mix of the test set its profiled
 * accuracies come from (eq. 9), and its SneakPeek model's accuracy; plus the device's memory budget. Pluggable:
 * {@link #defaults()} is the documented synthetic table in resources ({@code sneakpeek-apps.json}, shaped after the
 * paper's Table 1); {@code --apps FILE} reads another one (e.g. measured Fashion-MNIST recalls) in the same format.
 */
public record SneakPeekAppTable(List<Entry> apps, double memoryBudgetMb) {

    /**
     * One application with its workload-only fields.
     *
     * @param neighbours null (synthetic evidence from sneakPeekAccuracy), or real k-NN evidence: per class of the
     *                   application, the neighbour-label counts y of each validation example of that class (§4.1)
     */
    public record Entry(AppProfile profile, double[] stream, double[] testFrequencies, double[][][] neighbours) {
        public Entry(AppProfile profile, double[] stream, double[] testFrequencies) {
            this(profile, stream, testFrequencies, null);
        }
    }

    public static SneakPeekAppTable defaults() {
        try (InputStream in = SneakPeekAppTable.class.getResourceAsStream("sneakpeek-apps.json")) {
            if (in == null) throw new IllegalStateException("missing resource sneakpeek-apps.json");
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads a table; bad input raises {@link InputException} naming the field. */
    public static SneakPeekAppTable parse(String json) {
        JsonInput in = JsonInput.parse(json, "apps table");
        in.text("about", "");
        double budget = in.positive("memoryBudgetMb");
        List<Entry> apps = new ArrayList<>();
        for (JsonInput a : in.objects("apps")) {
            String name = a.text("name");
            if (a.has("classes")) a.texts("classes"); // documentation only
            double[] stream = distribution(a, "stream");
            double[] test = distribution(a, "testFrequencies");
            if (test.length != stream.length) throw new InputException(a.fieldPath("testFrequencies") + " must have " + stream.length + " classes");
            double sp = a.number("sneakPeekAccuracy");
            if (sp < 0 || sp > 1) throw new InputException(a.fieldPath("sneakPeekAccuracy") + " must be in [0, 1]");
            List<ModelVariant> models = new ArrayList<>();
            for (JsonInput m : a.objects("models")) {
                double alpha = m.nonNegative("alphaMs", 0);
                double beta = m.nonNegative("betaMs", 0);
                if (alpha + beta <= 0) throw new InputException(m.fieldPath("alphaMs") + " and betaMs cannot both be 0");
                double[] recall = m.numbers("recall");
                if (recall.length != stream.length) throw new InputException(m.fieldPath("recall") + " must have " + stream.length + " classes");
                for (int i = 0; i < recall.length; i++) {
                    if (recall[i] < 0 || recall[i] > 1) throw new InputException(m.fieldPath("recall") + "[" + i + "] must be in [0, 1]");
                }
                double memory = m.nonNegative("memoryMb", 0);
                if (memory > budget) throw new InputException(m.fieldPath("memoryMb") + " exceeds memoryBudgetMb");
                models.add(ModelVariant.withTestFrequencies(m.text("name"), LatencyProfile.linear(alpha, beta),
                        m.nonNegative("loadMs", 0), memory, recall, test));
                m.rejectUnknown();
            }
            if (models.isEmpty()) throw new InputException(a.fieldPath("models") + " must hold at least one model");
            double[][][] neighbours = a.has("neighbours") ? neighbours(a, stream.length) : null;
            a.rejectUnknown();
            apps.add(new Entry(new AppProfile(name, new Penalty.RelativeSigmoid(), DirichletPrior.jeffreys(stream.length), models, sp), stream, test, neighbours));
        }
        if (apps.isEmpty()) throw new InputException("apps must hold at least one application");
        in.rejectUnknown();
        return new SneakPeekAppTable(List.copyOf(apps), budget);
    }

    /**
     * Optional {@code "knnK": k, "neighbours": [{"votes": [...]}, ...]}: one object per class; votes holds, k per
     * validation example of that class, the application class of each of its k nearest training examples (−1: a
     * neighbour of a class outside the application, which counts for no class).
     */
    private static double[][][] neighbours(JsonInput a, int classes) {
        int k = a.intAtLeast("knnK", 1);
        List<JsonInput> per = a.objects("neighbours");
        if (per.size() != classes) throw new InputException(a.fieldPath("neighbours") + " must have " + classes + " classes");
        double[][][] out = new double[classes][][];
        for (int c = 0; c < classes; c++) {
            JsonInput o = per.get(c);
            double[] v = o.numbers("votes");
            if (v.length == 0 || v.length % k != 0) throw new InputException(o.fieldPath("votes") + " must hold k=" + k + " labels per example, at least one example");
            out[c] = new double[v.length / k][classes];
            for (int i = 0; i < v.length; i++) {
                int l = (int) v[i];
                if (l != v[i] || l < -1 || l >= classes) throw new InputException(o.fieldPath("votes") + "[" + i + "] must be a class in [-1, " + classes + ")");
                if (l >= 0) out[c][i / k][l]++;
            }
            o.rejectUnknown();
        }
        return out;
    }

    private static double[] distribution(JsonInput a, String field) {
        double[] p = a.numbers(field);
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            if (p[i] < 0) throw new InputException(a.fieldPath(field) + "[" + i + "] must be ≥ 0");
            s += p[i];
        }
        if (p.length == 0 || Math.abs(s - 1) > 1e-3) throw new InputException(a.fieldPath(field) + " must sum to 1");
        for (int i = 0; i < p.length; i++) p[i] /= s;
        return p;
    }

    /** n applications: the table's, cycled, each copy renamed (Fig. 12 raises the number of applications so). */
    public SneakPeekAppTable cycled(int n) {
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Entry e = apps.get(i % apps.size());
            out.add(i < apps.size() ? e : new Entry(e.profile().renamed(e.profile().name() + "-" + (i / apps.size() + 1)), e.stream(), e.testFrequencies(), e.neighbours()));
        }
        return new SneakPeekAppTable(out, memoryBudgetMb);
    }
}
