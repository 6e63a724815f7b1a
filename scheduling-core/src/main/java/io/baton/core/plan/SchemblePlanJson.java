package io.baton.core.plan;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.schemble.PlannerModel;
import io.baton.core.schemble.PlannerQuery;
import io.baton.core.schemble.PlanningProblem;
import io.baton.core.schemble.SchemblePlan;
import io.baton.core.schemble.SchemblePlanner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code baton plan schemble}: Algorithm 1 as a stable contract, so the planner can be checked from outside. Reads
 * {@code {"nowMs","delta","models":[{"name","latencyMs","busyUntilMs"}],"queries":[{"id","deadlineMs","utility":{"a":…,"a+b":…}}]}}
 * and prints {@code {"assignments":[{"query","models":[…]}],"utility"}} from Algorithm 1 ({@link SchemblePlanner}).
 * Utility keys name a non-empty subset by its model names in the order of {@code models}, joined by {@code +}; a subset
 * with no key is not offered to that query.
 */
public final class SchemblePlanJson {

    private SchemblePlanJson() {}

    public static ObjectNode plan(JsonInput in) {
        double now = in.number("nowMs");
        double delta = in.positive("delta");
        List<JsonInput> modelInputs = in.objects("models");
        List<JsonInput> queryInputs = in.objects("queries");
        in.rejectUnknown();
        if (now < 0) throw new InputException("nowMs must be ≥ 0, got " + JsonInput.fmt(now));
        if (modelInputs.isEmpty()) throw new InputException("models must name at least one model");
        if (modelInputs.size() > PlanningProblem.MAX_MODELS) {
            throw new InputException("models may name at most " + PlanningProblem.MAX_MODELS + " models, got " + modelInputs.size());
        }
        List<PlannerModel> models = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        for (int k = 0; k < modelInputs.size(); k++) {
            JsonInput m = modelInputs.get(k);
            String name = m.text("name");
            double latency = m.positive("latencyMs");
            double busy = m.number("busyUntilMs");
            m.rejectUnknown();
            if (name.contains("+")) throw new InputException(m.fieldPath("name") + " must not contain '+', got '" + name + "'");
            if (index.putIfAbsent(name, k) != null) throw new InputException(m.fieldPath("name") + " repeats model '" + name + "'");
            if (busy < 0) throw new InputException(m.fieldPath("busyUntilMs") + " must be ≥ 0, got " + JsonInput.fmt(busy));
            models.add(new PlannerModel(name, latency, busy));
        }
        List<PlannerQuery> queries = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (JsonInput q : queryInputs) {
            String id = q.text("id");
            double deadline = q.number("deadlineMs");
            JsonInput u = q.object("utility");
            q.rejectUnknown();
            if (!ids.add(id)) throw new InputException(q.fieldPath("id") + " repeats query '" + id + "'");
            queries.add(new PlannerQuery(id, deadline, utilities(u, index, models)));
        }
        SchemblePlan plan = new SchemblePlanner().plan(new PlanningProblem(now, delta, models, queries));
        ObjectNode out = JsonInput.MAPPER.createObjectNode();
        ArrayNode assignments = out.putArray("assignments");
        for (SchemblePlan.Assignment a : plan.assignments()) {
            ObjectNode o = assignments.addObject();
            o.put("query", queries.get(a.query()).id());
            ArrayNode names = o.putArray("models");
            for (int k = 0; k < models.size(); k++) if ((a.mask() >>> k & 1) != 0) names.add(models.get(k).name());
        }
        out.put("utility", Math.round(plan.utility() * 1e9) / 1e9);
        return out;
    }

    private static double[] utilities(JsonInput u, Map<String, Integer> index, List<PlannerModel> models) {
        double[] utility = new double[1 << models.size()];
        Arrays.fill(utility, Double.NaN);
        for (Iterator<String> it = u.keys(); it.hasNext(); ) {
            String key = it.next();
            String field = u.fieldPath(key);
            String[] names = key.split("\\+", -1);
            int mask = 0, previous = -1;
            for (String name : names) {
                Integer k = index.get(name);
                if (name.isEmpty()) throw new InputException(field + " is not a subset: empty model name in '" + key + "'");
                if (k == null) throw new InputException(field + " names unknown model '" + name + "'");
                if (k <= previous) {
                    throw new InputException(field + " must list models once each, in the order of models, joined by '+'");
                }
                previous = k;
                mask |= 1 << k;
            }
            double v = u.number(key);
            if (v < 0) throw new InputException(field + " must be ≥ 0, got " + JsonInput.fmt(v));
            utility[mask] = v;
        }
        return utility;
    }
}
