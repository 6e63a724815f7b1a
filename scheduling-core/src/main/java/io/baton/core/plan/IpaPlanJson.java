package io.baton.core.plan;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.ipa.EnumerationIpaSolver;
import io.baton.core.ipa.IpaPlan;
import io.baton.core.ipa.IpaProblem;
import io.baton.core.ipa.ModelVariant;
import io.baton.core.ipa.Pipeline;
import io.baton.core.ipa.PipelineStage;
import io.baton.core.ipa.StageConfig;
import io.baton.core.ipa.Weights;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code baton plan ipa}: IPA's integer program (Eqs. 9–10) for one pipeline and one arrival rate, as a stable
 * contract, so the planner can be checked from outside. Reads
 * {@code {"arrivalRate","slaMs","weights":{"alpha","beta","delta"},"batchSizes":[…],"maxReplicas",
 * "stages":[{"name","variants":[{"name","accuracy","cores","latencyMs":{"1":…}}]}]}} and prints
 * {@code {"feasible":true,"objective","accuracy","cost","stages":[{"name","variant","batch","replicas"}]}} or
 * {@code {"feasible":false}}. Batch sizes that were not measured come from the quadratic fit (§4.2). The objective
 * is the optimum: the exact {@link EnumerationIpaSolver} solves it (the MILP agrees; see the tests).
 */
public final class IpaPlanJson {

    private IpaPlanJson() {}

    public static ObjectNode plan(JsonInput in) {
        IpaPlan plan = new EnumerationIpaSolver().solve(problem(in));
        ObjectNode o = JsonInput.MAPPER.createObjectNode();
        o.put("feasible", plan.feasible());
        if (!plan.feasible()) return o;
        o.put("objective", plan.objective());
        o.put("accuracy", plan.accuracy());
        o.put("cost", plan.cost());
        ArrayNode stages = o.putArray("stages");
        for (StageConfig c : plan.stages()) {
            ObjectNode s = stages.addObject();
            s.put("name", c.stage());
            s.put("variant", c.variant());
            s.put("batch", c.batch());
            s.put("replicas", c.replicas());
        }
        return o;
    }

    static IpaProblem problem(JsonInput in) {
        double rate = in.positive("arrivalRate");
        double sla = in.positive("slaMs");
        JsonInput w = in.object("weights");
        Weights weights = new Weights(nonNegative(w, "alpha"), nonNegative(w, "beta"), nonNegative(w, "delta"));
        w.rejectUnknown();
        int[] batches = in.intsAtLeast("batchSizes", 1);
        if (batches.length == 0) throw new InputException(in.fieldPath("batchSizes") + " must not be empty");
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < batches.length; i++) {
            if (!seen.add(batches[i])) throw new InputException(in.fieldPath("batchSizes") + "[" + i + "] repeats batch size " + batches[i]);
        }
        int maxReplicas = in.intAtLeast("maxReplicas", 1);
        List<JsonInput> stageInputs = in.objects("stages");
        if (stageInputs.isEmpty()) throw new InputException(in.fieldPath("stages") + " must not be empty");
        List<PipelineStage> stages = new ArrayList<>();
        Set<String> stageNames = new HashSet<>();
        for (JsonInput si : stageInputs) {
            String name = si.text("name");
            if (!stageNames.add(name)) throw new InputException(si.fieldPath("name") + " repeats stage name '" + name + "'");
            List<JsonInput> variantInputs = si.objects("variants");
            if (variantInputs.isEmpty()) throw new InputException(si.fieldPath("variants") + " must not be empty");
            List<ModelVariant> variants = new ArrayList<>();
            Set<String> variantNames = new HashSet<>();
            for (JsonInput vi : variantInputs) variants.add(variant(vi, variantNames));
            si.rejectUnknown();
            stages.add(new PipelineStage(name, variants));
        }
        in.rejectUnknown();
        return IpaProblem.of(new Pipeline("input", stages), rate, sla, weights, batches, maxReplicas);
    }

    private static ModelVariant variant(JsonInput vi, Set<String> names) {
        String name = vi.text("name");
        if (!names.add(name)) throw new InputException(vi.fieldPath("name") + " repeats variant name '" + name + "'");
        double accuracy = vi.number("accuracy");
        if (!(accuracy > 0 && accuracy <= 1)) {
            throw new InputException(vi.fieldPath("accuracy") + " must be in (0, 1], got " + JsonInput.fmt(accuracy));
        }
        int cores = vi.intAtLeast("cores", 1);
        JsonInput lat = vi.object("latencyMs");
        TreeMap<Integer, Double> points = new TreeMap<>();
        for (Iterator<String> it = lat.keys(); it.hasNext(); ) {
            String key = it.next();
            Integer b = JsonInput.intKey(key);
            if (b == null || b < 1) throw new InputException(lat.fieldPath(key) + ": batch size keys must be integers ≥ 1");
            points.put(b, lat.positive(key));
        }
        if (points.isEmpty()) throw new InputException(vi.fieldPath("latencyMs") + " needs at least one batch size");
        vi.rejectUnknown();
        return new ModelVariant(name, accuracy, cores, LatencyProfile.measured(points, LatencyProfile.Fit.QUADRATIC));
    }

    private static double nonNegative(JsonInput in, String field) {
        double d = in.number(field);
        if (!(d >= 0)) throw new InputException(in.fieldPath(field) + " must be ≥ 0, got " + JsonInput.fmt(d));
        return d;
    }
}
