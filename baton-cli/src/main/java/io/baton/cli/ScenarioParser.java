package io.baton.cli;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.plan.InputException;
import io.baton.core.plan.JsonInput;
import io.baton.core.sim.ModelLoad;
import io.baton.core.sim.Policies;
import io.baton.core.sim.Scenario;
import io.baton.core.workload.Popularity;
import io.baton.core.workload.RatePattern;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a scenario file (see scheduling-core/README.md for every field). Errors name the field.
 *
 * <pre>
 * {"seed":7,"durationMs":60000,"devices":8,
 *  "models":[{"name":"densenet121","alphaMs":1.1,"betaMs":10.6,"sloMs":30,"rate":900,
 *             "arrival":{"type":"gamma","shape":0.5}}],
 *  "policies":["symphony","work-conserving","clockwork","nexus"]}
 * </pre>
 */
public final class ScenarioParser {
    private ScenarioParser() {}

    public static Scenario parse(String text, Path baseDir) {
        JsonInput in = JsonInput.parse(text, "scenario");
        long seed = in.integer("seed", 1);
        double duration = in.positive("durationMs");
        double warmup = in.nonNegative("warmupMs", 0);
        if (warmup >= duration) throw new InputException("warmupMs must be below durationMs");
        double jitter = in.nonNegative("jitter", 0);
        int devices = in.intAtLeast("devices", 1);
        if (devices > 1_000_000) throw new InputException("devices must be ≤ 1000000");
        List<JsonInput> modelsIn = in.objects("models");
        if (modelsIn.isEmpty()) throw new InputException("models must list at least one model");

        double[] popularityRates = null;
        if (in.has("totalRate") || in.has("popularity")) {
            double total = in.positive("totalRate");
            JsonInput pop = in.object("popularity");
            String type = pop.text("type");
            Popularity popularity = switch (type) {
                case "uniform" -> Popularity.uniform(modelsIn.size());
                case "zipf" -> Popularity.zipf(modelsIn.size(), pop.number("exponent", 0.9));
                default -> throw new InputException(pop.fieldPath("type") + " must be uniform or zipf, got '" + type + "'");
            };
            pop.rejectUnknown();
            popularityRates = popularity.rates(total);
        }

        String trace = null;
        if (in.has("trace")) {
            JsonInput t = in.object("trace");
            String p = t.text("path");
            t.rejectUnknown();
            Path path = baseDir == null ? Path.of(p) : baseDir.resolve(p);
            try {
                trace = Files.readString(path);
            } catch (IOException e) {
                throw new InputException(t.fieldPath("path") + ": cannot read " + path);
            }
        }

        List<ModelLoad> models = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < modelsIn.size(); i++) {
            JsonInput m = modelsIn.get(i);
            ModelLoad load = model(m, popularityRates == null ? null : popularityRates[i], trace != null);
            if (!names.add(load.name())) throw new InputException(m.fieldPath("name") + " '" + load.name() + "' is used twice");
            models.add(load);
        }

        List<String> policies = in.texts("policies");
        if (policies.isEmpty()) throw new InputException("policies must name at least one policy");
        for (int i = 0; i < policies.size(); i++) {
            if (!Policies.IDS.contains(policies.get(i))) {
                throw new InputException("policies[" + i + "] '" + policies.get(i) + "' is not a policy: one of "
                        + String.join(", ", Policies.IDS));
            }
        }
        in.rejectUnknown();
        return new Scenario(seed, duration, warmup, jitter, devices, models, policies, trace);
    }

    /**
     * One entry of a scenario's {@code models} whose arrivals come from a trace (so {@code rate} may be left out): what
     * {@code baton twin}'s offline world file lists.
     */
    public static ModelLoad tracedModel(JsonInput m) {
        return model(m, null, true);
    }

    private static ModelLoad model(JsonInput m, Double popularityRate, boolean traced) {
        String name = m.text("name");
        LatencyProfile profile;
        if (m.has("latencyMs")) {
            if (m.has("alphaMs") || m.has("betaMs")) {
                throw new InputException(m.fieldPath("latencyMs") + " and alphaMs/betaMs are alternatives: give one");
            }
            JsonInput pts = m.object("latencyMs");
            Map<Integer, Double> points = new LinkedHashMap<>();
            for (Iterator<String> it = pts.keys(); it.hasNext(); ) {
                String k = it.next();
                Integer b = JsonInput.intKey(k);
                if (b == null) throw new InputException(pts.fieldPath(k) + ": batch size must be an integer");
                if (b < 1) throw new InputException(pts.fieldPath(k) + ": batch size must be ≥ 1");
                points.put(b, pts.positive(k));
            }
            if (points.isEmpty()) throw new InputException(m.fieldPath("latencyMs") + " needs at least one point");
            String fit = m.text("fit", "linear");
            LatencyProfile.Fit f = switch (fit) {
                case "linear" -> LatencyProfile.Fit.LINEAR;
                case "quadratic" -> LatencyProfile.Fit.QUADRATIC;
                default -> throw new InputException(m.fieldPath("fit") + " must be linear or quadratic");
            };
            profile = LatencyProfile.measured(points, f);
        } else {
            double alpha = m.number("alphaMs");
            double beta = m.number("betaMs");
            if (alpha < 0) throw new InputException(m.fieldPath("alphaMs") + " must be ≥ 0");
            if (beta < 0) throw new InputException(m.fieldPath("betaMs") + " must be ≥ 0");
            if (alpha + beta <= 0) throw new InputException(m.fieldPath("alphaMs") + " and betaMs cannot both be 0");
            profile = LatencyProfile.linear(alpha, beta);
        }
        double slo = m.positive("sloMs");
        int maxBatch = m.intAtLeast("maxBatch", 1, Scenario.UNBOUNDED_BATCH);
        double rate;
        if (m.has("rate")) {
            if (popularityRate != null) throw new InputException(m.fieldPath("rate") + " conflicts with totalRate/popularity: give one");
            rate = m.number("rate");
            if (rate < 0) throw new InputException(m.fieldPath("rate") + " must be ≥ 0");
        } else if (popularityRate != null) {
            rate = popularityRate;
        } else if (traced) {
            rate = 0;
        } else {
            throw new InputException("missing field " + m.fieldPath("rate") + " (or set totalRate and popularity, or a trace)");
        }
        ModelLoad.Arrival arrival = ModelLoad.Arrival.POISSON;
        double shape = 1;
        JsonInput a = m.objectOrNull("arrival");
        if (a != null) {
            String type = a.text("type");
            switch (type) {
                case "poisson" -> arrival = ModelLoad.Arrival.POISSON;
                case "uniform" -> arrival = ModelLoad.Arrival.UNIFORM;
                case "gamma" -> {
                    arrival = ModelLoad.Arrival.GAMMA;
                    shape = a.positive("shape");
                    if (shape > 100) throw new InputException(a.fieldPath("shape") + " must be ≤ 100");
                }
                default -> throw new InputException(a.fieldPath("type") + " must be poisson, gamma or uniform, got '" + type + "'");
            }
            a.rejectUnknown();
        }
        RatePattern pattern = RatePattern.steady();
        JsonInput p = m.objectOrNull("pattern");
        if (p != null) pattern = pattern(p);
        m.rejectUnknown();
        return new ModelLoad(name, profile, slo, maxBatch, rate, arrival, shape, pattern);
    }

    private static RatePattern pattern(JsonInput p) {
        String type = p.text("type");
        RatePattern out = switch (type) {
            case "steady" -> RatePattern.steady();
            case "bursty" -> RatePattern.bursty();
            case "fluctuating" -> RatePattern.fluctuating();
            case "piecewise" -> {
                List<JsonInput> segs = p.objects("segments");
                if (segs.isEmpty()) throw new InputException(p.fieldPath("segments") + " needs at least one segment");
                double[] durations = new double[segs.size()];
                double[] multipliers = new double[segs.size()];
                for (int i = 0; i < segs.size(); i++) {
                    durations[i] = segs.get(i).positive("durationMs");
                    multipliers[i] = segs.get(i).nonNegative("multiplier", 1);
                    segs.get(i).rejectUnknown();
                }
                boolean repeat = p.bool("repeat", true);
                yield RatePattern.piecewise(durations, multipliers, repeat);
            }
            default -> throw new InputException(p.fieldPath("type") + " must be steady, bursty, fluctuating or piecewise, got '" + type + "'");
        };
        p.rejectUnknown();
        return out;
    }
}
