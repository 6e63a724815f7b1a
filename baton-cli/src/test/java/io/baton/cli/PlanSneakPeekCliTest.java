package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.plan.JsonInput;
import io.baton.core.sneakpeek.AppProfile;
import io.baton.core.sneakpeek.ContractOracle;
import io.baton.core.sneakpeek.ModelVariant;
import io.baton.core.sneakpeek.PeekRequest;
import io.baton.core.sneakpeek.Penalty;
import io.baton.core.sneakpeek.SneakPeekInstances;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code baton plan sneakpeek --input FILE|-}: the documented input/output contract, oracle agreement, bad input. */
class PlanSneakPeekCliTest {

    static final String EXAMPLE = """
            {"nowMs":0,"loadedModel":null,"bruteForceThreshold":5,"splitByLabel":false,"shortCircuit":false,
             "apps":[{"name":"fall","penalty":{"type":"step"},"prior":[0.5,0.5],
                      "models":[{"name":"f1","latencyMs":12,"loadMs":30,"recall":[0.9,0.6]}]}],
             "requests":[{"id":"r1","app":"fall","deadlineMs":150,"evidence":[2,3]}]}""";

    private static CliRun plan(String json) {
        return CliRun.of(json, "plan", "sneakpeek", "--input", "-");
    }

    private static JsonNode ok(String json) {
        JsonNode o = plan(json).okJson();
        assertThat(CliRun.fieldNames(o)).containsExactly("schedule", "utility");
        assertThat(o.get("utility").isNumber()).isTrue();
        for (JsonNode e : o.get("schedule")) assertThat(CliRun.fieldNames(e)).containsExactly("request", "model");
        return o;
    }

    @Test
    void theIssuesExample() {
        JsonNode o = ok(EXAMPLE);
        assertThat(o.get("schedule").toString()).isEqualTo("[{\"request\":\"r1\",\"model\":\"f1\"}]");
        // θ = (2.5/6, 3.5/6); 0.9·θ0 + 0.6·θ1 = 0.725; completion 30 + 12 = 42 ≤ 150.
        assertThat(o.get("utility").asDouble()).isCloseTo(0.725, within(1e-12));
    }

    @Test
    void defaultsAreTheContractsValues() {
        JsonNode o = ok("""
                {"apps":[{"name":"fall","penalty":{"type":"step"},"models":[{"name":"f1","latencyMs":12,"recall":[0.9,0.6]}]}],
                 "requests":[{"id":"r1","app":"fall","deadlineMs":150,"evidence":[2,3]}]}""");
        assertThat(o.get("utility").asDouble()).isCloseTo(0.725, within(1e-12));
        // No evidence: θ is the prior mean; no requests: an empty plan.
        JsonNode noEvidence = ok("""
                {"apps":[{"name":"fall","penalty":{"type":"step"},"models":[{"name":"f1","latencyMs":12,"recall":[0.9,0.6]}]}],
                 "requests":[{"id":"r1","app":"fall","deadlineMs":150}]}""");
        assertThat(noEvidence.get("utility").asDouble()).isCloseTo(0.75, within(1e-12));
        assertThat(ok("""
                {"apps":[{"name":"fall","penalty":{"type":"step"},"models":[{"name":"f1","latencyMs":12,"recall":[0.9,0.6]}]}],
                 "requests":[]}""").toString()).isEqualTo("{\"schedule\":[],\"utility\":0.0}");
    }

    @Test
    void loadedModelSkipsTheLoadAndPenaltiesApply() {
        // Deadline 40: loading (30) + 12 = 42 misses under a step penalty; already loaded, 12 meets it.
        String base = """
                {"nowMs":0,"loadedModel":%s,
                 "apps":[{"name":"fall","penalty":%s,"models":[{"name":"f1","latencyMs":12,"loadMs":30,"recall":[0.9,0.6]}]}],
                 "requests":[{"id":"r1","app":"fall","deadlineMs":40,"evidence":[2,3]}]}""";
        assertThat(ok(base.formatted("null", "{\"type\":\"step\"}")).get("utility").asDouble()).isZero();
        assertThat(ok(base.formatted("\"f1\"", "{\"type\":\"step\"}")).get("utility").asDouble()).isCloseTo(0.725, within(1e-12));
        // Linear 0.1/ms, 2 ms late: 0.725·0.8.
        assertThat(ok(base.formatted("null", "{\"type\":\"linear\",\"perMs\":0.1}")).get("utility").asDouble())
                .isCloseTo(0.725 * 0.8, within(1e-12));
        // Sigmoid scale 2 ms, 2 ms late: 0.725·(1 − 1/(1+e^−1)).
        assertThat(ok(base.formatted("null", "{\"type\":\"sigmoid\",\"scaleMs\":2}")).get("utility").asDouble())
                .isCloseTo(0.725 * (1 - 1 / (1 + Math.exp(-1))), within(1e-12));
    }

    @Test
    void shortCircuitSavesATightDeadline() {
        String json = """
                {"shortCircuit":true,
                 "apps":[{"name":"fall","penalty":{"type":"step"},"sneakPeekAccuracy":0.6,
                          "models":[{"name":"f1","latencyMs":12,"loadMs":30,"recall":[0.9,0.6]}]}],
                 "requests":[{"id":"r1","app":"fall","deadlineMs":20,"evidence":[2,3]}]}""";
        JsonNode o = ok(json);
        assertThat(o.get("schedule").get(0).get("model").asText()).isEqualTo("sneakpeek");
        assertThat(o.get("utility").asDouble()).isCloseTo(0.6, within(1e-12));
    }

    /** Random instances as contract JSON, with the evidence the θ came from. */
    private static String json(List<AppProfile> apps, List<double[]> evidence, List<PeekRequest> reqs, double now,
                               String loaded, boolean sc, boolean split) {
        ObjectNode o = JsonInput.MAPPER.createObjectNode();
        o.put("nowMs", now);
        if (loaded == null) o.putNull("loadedModel"); else o.put("loadedModel", loaded);
        o.put("bruteForceThreshold", 5);
        o.put("splitByLabel", split);
        o.put("shortCircuit", sc);
        ArrayNode as = o.putArray("apps");
        for (AppProfile a : apps) {
            ObjectNode j = as.addObject();
            j.put("name", a.name());
            ObjectNode p = j.putObject("penalty");
            if (a.penalty() instanceof Penalty.Linear l) p.put("type", "linear").put("perMs", l.perMs());
            else if (a.penalty() instanceof Penalty.Sigmoid s) p.put("type", "sigmoid").put("scaleMs", s.scaleMs());
            else p.put("type", "step");
            ArrayNode pr = j.putArray("prior");
            for (double x : a.prior().alpha()) pr.add(x);
            if (a.canShortCircuit()) j.put("sneakPeekAccuracy", a.sneakPeekAccuracy());
            ArrayNode ms = j.putArray("models");
            for (ModelVariant m : a.models()) {
                ObjectNode mj = ms.addObject().put("name", m.name()).put("latencyMs", m.latency().latencyMs(1)).put("loadMs", m.loadMs());
                ArrayNode rc = mj.putArray("recall");
                for (double x : m.recall()) rc.add(x);
            }
        }
        ArrayNode rs = o.putArray("requests");
        for (int i = 0; i < reqs.size(); i++) {
            PeekRequest r = reqs.get(i);
            ObjectNode j = rs.addObject().put("id", r.id()).put("app", apps.get(r.app()).name()).put("deadlineMs", r.deadlineMs());
            ArrayNode ev = j.putArray("evidence");
            for (double x : evidence.get(i)) ev.add(x);
        }
        return o.toString();
    }

    @Test
    void agreesWithTheIndependentEnumerationOnRandomInstances() {
        Random rnd = new Random(61);
        for (int t = 0; t < 60; t++) {
            int nApps = 1 + rnd.nextInt(4);
            boolean sc = rnd.nextBoolean();
            List<AppProfile> apps = SneakPeekInstances.apps(rnd, nApps, 3, sc || rnd.nextBoolean());
            double now = rnd.nextInt(40);
            List<PeekRequest> reqs = new ArrayList<>();
            List<double[]> evidence = new ArrayList<>();
            int n = nApps + rnd.nextInt(5);
            for (int i = 0; i < n; i++) {
                int a = i < nApps ? i : rnd.nextInt(nApps);
                double[] y = new double[apps.get(a).classes()];
                for (int k = 0; k < 5; k++) y[rnd.nextInt(y.length)]++;
                evidence.add(y);
                reqs.add(new PeekRequest("q" + i, a, now, now + 5 + rnd.nextInt(100), apps.get(a).prior().posteriorMean(y)));
            }
            String loaded = rnd.nextBoolean() ? null : apps.get(0).models().get(0).name();
            boolean split = rnd.nextInt(3) == 0;
            JsonNode o = ok(json(apps, evidence, reqs, now, loaded, sc, split));
            double printed = o.get("utility").asDouble();
            double best = ContractOracle.best(apps, reqs, now, loaded, sc);
            if (split) assertThat(printed).as("trial %d", t).isGreaterThan(best - 1e-9);
            else assertThat(printed).as("trial %d", t).isCloseTo(best, within(1e-9));
            // The printed order, replayed by the contract's semantics, earns the printed utility.
            List<Integer> order = new ArrayList<>();
            List<String> models = new ArrayList<>();
            for (JsonNode e : o.get("schedule")) {
                order.add(Integer.parseInt(e.get("request").asText().substring(1)));
                models.add(e.get("model").asText());
            }
            assertThat(order).as("every request exactly once").containsExactlyInAnyOrderElementsOf(
                    java.util.stream.IntStream.range(0, n).boxed().toList());
            assertThat(ContractOracle.contractUtility(apps, reqs, now, loaded, order, models)).isCloseTo(printed, within(1e-9));
        }
    }

    @Test
    void readsInputFromAFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("window.json");
        Files.writeString(f, EXAMPLE);
        assertThat(CliRun.of("", "plan", "sneakpeek", "--input", f.toString()).okJson().get("utility").asDouble())
                .isCloseTo(0.725, within(1e-12));
    }

    @Test
    void badInputNamesTheField() {
        String app = "{\"name\":\"fall\",\"penalty\":{\"type\":\"step\"},\"models\":[{\"name\":\"f1\",\"latencyMs\":12,\"loadMs\":30,\"recall\":[0.9,0.6]}]}";
        String req = "{\"id\":\"r1\",\"app\":\"fall\",\"deadlineMs\":150,\"evidence\":[2,3]}";
        record Case(String json, List<String> fragments) {}
        List<Case> cases = List.of(
                new Case("{\"requests\":[]}", List.of("apps")),
                new Case("{\"apps\":[]," + "\"requests\":[]}", List.of("apps", "at least one")),
                new Case("{\"apps\":[" + app + "]}", List.of("requests")),
                new Case("{\"apps\":[" + app.replace("12", "0") + "],\"requests\":[]}", List.of("apps[0].models[0].latencyMs")),
                new Case("{\"apps\":[" + app.replace("30", "-1") + "],\"requests\":[]}", List.of("apps[0].models[0].loadMs")),
                new Case("{\"apps\":[" + app.replace("0.6]", "1.6]") + "],\"requests\":[]}", List.of("apps[0].models[0].recall[1]")),
                new Case("{\"apps\":[" + app.replace("\"step\"", "\"cubic\"") + "],\"requests\":[]}", List.of("apps[0].penalty.type", "cubic")),
                new Case("{\"apps\":[" + app.replace("\"step\"", "\"linear\"") + "],\"requests\":[]}", List.of("apps[0].penalty.perMs")),
                new Case("{\"apps\":[" + app.replace("\"step\"}", "\"sigmoid\",\"scaleMs\":0}") + "],\"requests\":[]}", List.of("apps[0].penalty.scaleMs")),
                new Case("{\"apps\":[" + app.replace("\"models\"", "\"prior\":[0.5],\"models\"") + "],\"requests\":[]}", List.of("apps[0].prior")),
                new Case("{\"apps\":[" + app.replace("\"models\"", "\"prior\":[0.5,0],\"models\"") + "],\"requests\":[]}", List.of("apps[0].prior[1]")),
                new Case("{\"apps\":[" + app + "," + app + "],\"requests\":[]}", List.of("apps[1].name", "unique")),
                new Case("{\"apps\":[" + app + "," + app.replace("\"fall\"", "\"ecg\"") + "],\"requests\":[]}", List.of("apps[1].models[0].name", "unique")),
                new Case("{\"apps\":[" + app + "],\"requests\":[" + req.replace("\"fall\"", "\"voice\"") + "]}", List.of("requests[0].app", "voice")),
                new Case("{\"apps\":[" + app + "],\"requests\":[" + req + "," + req + "]}", List.of("requests[1].id", "unique")),
                new Case("{\"apps\":[" + app + "],\"requests\":[" + req.replace("[2,3]", "[2,3,1]") + "]}", List.of("requests[0].evidence")),
                new Case("{\"apps\":[" + app + "],\"requests\":[" + req.replace("[2,3]", "[2,-3]") + "]}", List.of("requests[0].evidence[1]")),
                new Case("{\"apps\":[" + app + "],\"requests\":[" + req.replace("150", "\"soon\"") + "]}", List.of("requests[0].deadlineMs")),
                new Case("{\"apps\":[" + app + "],\"requests\":[" + req.replace("\"id\"", "\"label\":1,\"id\"") + "]}", List.of("requests[0].label")),
                new Case("{\"loadedModel\":\"f9\",\"apps\":[" + app + "],\"requests\":[]}", List.of("loadedModel", "f9")),
                new Case("{\"bruteForceThreshold\":-1,\"apps\":[" + app + "],\"requests\":[]}", List.of("bruteForceThreshold")),
                new Case("{\"bruteForceThreshold\":2.5,\"apps\":[" + app + "],\"requests\":[]}", List.of("bruteForceThreshold")),
                new Case("{\"splitByLabel\":\"yes\",\"apps\":[" + app + "],\"requests\":[]}", List.of("splitByLabel")),
                new Case("{\"shortCircuit\":true,\"apps\":[" + app + "],\"requests\":[]}", List.of("apps[0].sneakPeekAccuracy", "shortCircuit")),
                new Case("{\"tau\":5,\"apps\":[" + app + "],\"requests\":[]}", List.of("tau")),
                new Case("{\"apps\":[" + app + "],\"requests\":[", List.of("input", "JSON")));
        for (Case c : cases) plan(c.json()).badInput(c.fragments().toArray(String[]::new));
    }
}
