package io.baton.core.plan;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.policy.PolicyIds;
import io.baton.core.sneakpeek.AppProfile;
import io.baton.core.sneakpeek.DirichletPrior;
import io.baton.core.sneakpeek.GroupedScheduler;
import io.baton.core.sneakpeek.ModelCache;
import io.baton.core.sneakpeek.ModelVariant;
import io.baton.core.sneakpeek.PeekRequest;
import io.baton.core.sneakpeek.Penalty;
import io.baton.core.sneakpeek.Priority;
import io.baton.core.sneakpeek.Schedule;
import io.baton.core.sneakpeek.ScheduleEvaluator;
import io.baton.core.sneakpeek.SchedulingWindow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code baton plan sneakpeek --input FILE|-} (a stable contract, so the planner can be checked from outside): one
 * window of requests for several applications on one device, planned by SneakPeek's grouped scheduler (Algorithm 1)
 * with data-aware accuracies.
 *
 * <pre>{"nowMs":0,"loadedModel":null,"bruteForceThreshold":5,"splitByLabel":false,"shortCircuit":false,
 *  "apps":[{"name":"fall","penalty":{"type":"step"},"prior":[0.5,0.5],
 *           "models":[{"name":"f1","latencyMs":12,"loadMs":30,"recall":[0.9,0.6]}]}],
 *  "requests":[{"id":"r1","app":"fall","deadlineMs":150,"evidence":[2,3]}]}</pre>
 * prints {@code {"schedule":[{"request":"r1","model":"f1"}],"utility":0.725}} in execution order.
 *
 * <p>Defaults: nowMs 0, loadedModel null, bruteForceThreshold 5, splitByLabel and shortCircuit false, prior
 * α = 0.5 per class, loadMs 0, evidence none. Model names are unique across applications (loadedModel and the
 * output name them). With shortCircuit, each application needs {@code sneakPeekAccuracy} (the profiled accuracy of its
 * SneakPeek model, which the contract's input otherwise lacks) and the short-circuit candidate prints as model
 * {@code "sneakpeek"}. bruteForceThreshold is capped at 10 (10! orders are already far past any scheduling window).
 */
public final class SneakPeekPlanJson {
    static final String SHORT_CIRCUIT = PolicyIds.SNEAKPEEK;
    static final int MAX_THRESHOLD = 10;

    private SneakPeekPlanJson() {}

    public static ObjectNode plan(JsonInput in) {
        double now = in.number("nowMs", 0);
        String loaded = in.text("loadedModel", null);
        long tau = in.integer("bruteForceThreshold", GroupedScheduler.DEFAULT_THRESHOLD);
        if (tau < 0 || tau > MAX_THRESHOLD) throw new InputException("bruteForceThreshold must be an integer in [0, " + MAX_THRESHOLD + "], got " + tau);
        boolean split = in.bool("splitByLabel", false);
        boolean sc = in.bool("shortCircuit", false);
        List<JsonInput> appsIn = in.objects("apps");
        if (appsIn.isEmpty()) throw new InputException(in.fieldPath("apps") + " must hold at least one application");
        List<AppProfile> apps = new ArrayList<>();
        Map<String, Integer> appIndex = new HashMap<>();
        Set<String> modelNames = new HashSet<>();
        for (JsonInput a : appsIn) apps.add(app(a, sc, appIndex, modelNames, apps.size()));
        List<PeekRequest> requests = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (JsonInput r : in.objects("requests")) requests.add(request(r, now, apps, appIndex, ids));
        in.rejectUnknown();
        if (loaded != null && !modelNames.contains(loaded)) {
            throw new InputException("loadedModel '" + loaded + "' is not a model of any application");
        }

        SchedulingWindow w = SchedulingWindow.of(now, apps, requests, SchedulingWindow.Options.contract(sc));
        ModelCache cache = SchedulingWindow.singleSlotCache(apps);
        if (loaded != null) {
            for (int g = 0; g < w.registeredModels(); g++) if (w.modelName(g).equals(loaded)) cache.preload(g);
        }
        Schedule s = new GroupedScheduler((int) tau, split, Priority.seconds()).schedule(w, cache, now);
        double utility = ScheduleEvaluator.evaluate(w, s, cache.copy(), now).meanUtility();

        ObjectNode o = JsonInput.MAPPER.createObjectNode();
        ArrayNode schedule = o.putArray("schedule");
        for (int p = 0; p < s.size(); p++) {
            ObjectNode e = schedule.addObject();
            e.put("request", requests.get(s.request(p)).id());
            e.put("model", w.modelName(w.modelOf(s.request(p), s.candidate(p))));
        }
        o.put("utility", utility);
        return o;
    }

    private static AppProfile app(JsonInput a, boolean sc, Map<String, Integer> appIndex, Set<String> modelNames, int index) {
        String name = a.text("name");
        if (appIndex.putIfAbsent(name, index) != null) throw new InputException(a.fieldPath("name") + " '" + name + "' is not unique");
        Penalty penalty = penalty(a.object("penalty"));
        List<JsonInput> ms = a.objects("models");
        if (ms.isEmpty()) throw new InputException(a.fieldPath("models") + " must hold at least one model");
        List<ModelVariant> models = new ArrayList<>();
        int classes = -1;
        for (JsonInput m : ms) {
            String mn = m.text("name");
            if (sc && mn.equals(SHORT_CIRCUIT)) throw new InputException(m.fieldPath("name") + " 'sneakpeek' is reserved for the short-circuit candidate");
            if (!modelNames.add(mn)) throw new InputException(m.fieldPath("name") + " '" + mn + "' is not unique across applications");
            double latency = m.positive("latencyMs");
            double load = m.nonNegative("loadMs", 0);
            double[] recall = m.numbers("recall");
            if (recall.length == 0) throw new InputException(m.fieldPath("recall") + " must hold one recall per class");
            for (int i = 0; i < recall.length; i++) {
                if (recall[i] < 0 || recall[i] > 1) throw new InputException(m.fieldPath("recall") + "[" + i + "] must be in [0, 1], got " + JsonInput.fmt(recall[i]));
            }
            if (classes >= 0 && recall.length != classes) {
                throw new InputException(m.fieldPath("recall") + " has " + recall.length + " classes, " + a.fieldPath("models") + "[0] has " + classes);
            }
            classes = recall.length;
            m.rejectUnknown();
            // Profiled accuracy (used by no contract policy) is eq. 9 over a balanced test set.
            double profiled = 0;
            for (double r : recall) profiled += r / recall.length;
            models.add(new ModelVariant(mn, LatencyProfile.linear(latency, 0), load, 1, recall, profiled));
        }
        DirichletPrior prior = DirichletPrior.jeffreys(classes);
        if (a.has("prior")) {
            double[] alpha = a.numbers("prior");
            if (alpha.length != classes) throw new InputException(a.fieldPath("prior") + " has " + alpha.length + " entries, the models' recall " + classes);
            for (int i = 0; i < alpha.length; i++) {
                if (!(alpha[i] > 0)) throw new InputException(a.fieldPath("prior") + "[" + i + "] must be > 0, got " + JsonInput.fmt(alpha[i]));
            }
            prior = new DirichletPrior(alpha);
        } else {
            a.number("prior", 0); // marks the optional field read
        }
        double spAcc = Double.NaN;
        if (a.has("sneakPeekAccuracy")) {
            spAcc = a.number("sneakPeekAccuracy");
            if (spAcc < 0 || spAcc > 1) throw new InputException(a.fieldPath("sneakPeekAccuracy") + " must be in [0, 1], got " + JsonInput.fmt(spAcc));
        } else if (sc) {
            throw new InputException(a.fieldPath("sneakPeekAccuracy") + " is required when shortCircuit is true");
        } else {
            a.number("sneakPeekAccuracy", 0);
        }
        a.rejectUnknown();
        return new AppProfile(name, penalty, prior, models, spAcc);
    }

    private static Penalty penalty(JsonInput p) {
        String type = p.text("type");
        Penalty out = switch (type) {
            case "step" -> new Penalty.Step();
            case "linear" -> {
                double perMs = p.number("perMs");
                if (!(perMs >= 0)) throw new InputException(p.fieldPath("perMs") + " must be ≥ 0, got " + JsonInput.fmt(perMs));
                yield new Penalty.Linear(perMs);
            }
            case "sigmoid" -> new Penalty.Sigmoid(p.positive("scaleMs"));
            default -> throw new InputException(p.fieldPath("type") + " must be one of step, linear, sigmoid, got '" + type + "'");
        };
        p.rejectUnknown();
        return out;
    }

    private static PeekRequest request(JsonInput r, double now, List<AppProfile> apps, Map<String, Integer> appIndex, Set<String> ids) {
        String id = r.text("id");
        if (!ids.add(id)) throw new InputException(r.fieldPath("id") + " '" + id + "' is not unique");
        String appName = r.text("app");
        Integer a = appIndex.get(appName);
        if (a == null) throw new InputException(r.fieldPath("app") + " '" + appName + "' is not an application");
        double deadline = r.number("deadlineMs");
        AppProfile app = apps.get(a);
        double[] evidence = new double[app.classes()];
        if (r.has("evidence")) {
            evidence = r.numbers("evidence");
            if (evidence.length != app.classes()) {
                throw new InputException(r.fieldPath("evidence") + " has " + evidence.length + " counts, " + appName + " has " + app.classes() + " classes");
            }
            for (int i = 0; i < evidence.length; i++) {
                if (!(evidence[i] >= 0)) throw new InputException(r.fieldPath("evidence") + "[" + i + "] must be ≥ 0, got " + JsonInput.fmt(evidence[i]));
            }
        } else {
            r.number("evidence", 0);
        }
        r.rejectUnknown();
        return new PeekRequest(id, a, now, deadline, app.prior().posteriorMean(evidence));
    }
}
