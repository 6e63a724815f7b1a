package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.ipa.IpaBruteForce;
import io.baton.core.ipa.IpaProblem;
import io.baton.core.ipa.ModelVariant;
import io.baton.core.ipa.Pipeline;
import io.baton.core.ipa.PipelineStage;
import io.baton.core.ipa.SyntheticPipelines;
import io.baton.core.ipa.Weights;
import io.baton.core.plan.JsonInput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code baton plan ipa --input FILE|-}: the documented contract, the optimum against brute force, bad input. */
class PlanIpaCliTest {

    static final String EXAMPLE = """
            {"arrivalRate":20,"slaMs":6890,"weights":{"alpha":2,"beta":1,"delta":1e-6},
             "batchSizes":[1,2,4,8],"maxReplicas":64,
             "stages":[{"name":"detect","variants":[{"name":"yolov5n","accuracy":0.457,"cores":2,
               "latencyMs":{"1":80,"2":110,"4":170,"8":300}}]}]}""";

    private static CliRun plan(String json) {
        return CliRun.of(json, "plan", "ipa", "--input", "-");
    }

    @Test
    void issueExample() {
        JsonNode o = plan(EXAMPLE).okJson();
        assertThat(CliRun.fieldNames(o)).containsExactly("feasible", "objective", "accuracy", "cost", "stages");
        assertThat(o.get("feasible").asBoolean()).isTrue();
        assertThat(o.get("objective").asDouble()).isCloseTo(2 * 0.457 - 1 * 2 - 1e-6 * 4, within(1e-12));
        assertThat(o.get("accuracy").asDouble()).isEqualTo(0.457);
        assertThat(o.get("cost").isIntegralNumber()).isTrue();
        assertThat(o.get("cost").asInt()).isEqualTo(2);
        JsonNode stage = o.get("stages").get(0);
        assertThat(CliRun.fieldNames(stage)).containsExactly("name", "variant", "batch", "replicas");
        assertThat(stage.toString()).isEqualTo("{\"name\":\"detect\",\"variant\":\"yolov5n\",\"batch\":4,\"replicas\":1}");
    }

    @Test
    void infeasiblePrintsOnlyFeasibleFalse() {
        CliRun r = plan(EXAMPLE.replace("\"slaMs\":6890", "\"slaMs\":50"));
        r.okJson();
        assertThat(r.out().strip()).isEqualTo("{\"feasible\":false}");
        // 20 RPS needs at least one replica of 23.5 RPS: a cap of 1 is fine, but not at 100 RPS.
        assertThat(plan(EXAMPLE.replace("\"arrivalRate\":20", "\"arrivalRate\":100").replace("\"maxReplicas\":64", "\"maxReplicas\":3"))
                .out().strip()).isEqualTo("{\"feasible\":false}");
    }

    @Test
    void unmeasuredBatchSizesUseTheQuadraticFit() {
        // Points on l(b) = 2b² + 3b + 10; batch 3 is not measured: l(3) = 37 ms, h = 81 RPS ≥ 80.
        String json = """
                {"arrivalRate":80,"slaMs":1000,"weights":{"alpha":1,"beta":1,"delta":1e-6},"batchSizes":[3],"maxReplicas":4,
                 "stages":[{"name":"s","variants":[{"name":"v","accuracy":0.5,"cores":1,"latencyMs":{"1":15,"2":24,"4":54,"8":162}}]}]}""";
        JsonNode o = plan(json).okJson();
        assertThat(o.get("stages").get(0).get("replicas").asInt()).isEqualTo(1);
        assertThat(plan(json.replace("\"arrivalRate\":80", "\"arrivalRate\":82")).okJson().get("stages").get(0)
                .get("replicas").asInt()).isEqualTo(2);
    }

    @Test
    void objectiveIsTheOptimumOnRandomInputs() {
        Random rnd = new Random(77);
        for (int t = 0; t < 40; t++) {
            Pipeline pipe = SyntheticPipelines.random(1 + rnd.nextInt(3), 1 + rnd.nextInt(3), rnd);
            int[] batches = rnd.nextBoolean() ? new int[] {1, 2, 4} : new int[] {1, 3, 8};
            IpaProblem p = IpaProblem.of(pipe, 1 + rnd.nextInt(30), Math.round(pipe.slaMs() * (0.3 + rnd.nextDouble())),
                    new Weights(1 + rnd.nextInt(10), 0.5, 1e-6), batches, 5);
            JsonNode o = plan(json(p)).okJson();
            double oracle = IpaBruteForce.bestObjective(p);
            assertThat(o.get("feasible").asBoolean()).as(json(p)).isEqualTo(!Double.isNaN(oracle));
            if (!Double.isNaN(oracle)) {
                assertThat(o.get("objective").asDouble()).as(json(p)).isCloseTo(oracle, within(1e-9));
                assertThat(o.get("stages")).hasSize(pipe.size());
            }
        }
    }

    /** The problem in the contract's shape (measured points only; the fit is the CLI's). */
    static String json(IpaProblem p) {
        ObjectNode o = JsonInput.MAPPER.createObjectNode();
        o.put("arrivalRate", p.arrivalRate());
        o.put("slaMs", p.slaMs());
        ObjectNode w = o.putObject("weights");
        w.put("alpha", p.weights().alpha());
        w.put("beta", p.weights().beta());
        w.put("delta", p.weights().delta());
        ArrayNode b = o.putArray("batchSizes");
        for (int x : p.batchSizes()) b.add(x);
        o.put("maxReplicas", p.maxReplicas());
        ArrayNode stages = o.putArray("stages");
        for (PipelineStage s : p.pipeline().stages()) {
            ObjectNode so = stages.addObject();
            so.put("name", s.name());
            ArrayNode vs = so.putArray("variants");
            for (ModelVariant v : s.variants()) {
                ObjectNode vo = vs.addObject();
                vo.put("name", v.name());
                vo.put("accuracy", v.accuracy());
                vo.put("cores", v.cores());
                ObjectNode lat = vo.putObject("latencyMs");
                v.latency().measuredPoints().forEach((k, ms) -> lat.put(Integer.toString(k), ms));
            }
        }
        return o.toString();
    }

    @Test
    void readsInputFromAFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("ipa.json");
        Files.writeString(f, EXAMPLE);
        JsonNode o = CliRun.of("", "plan", "ipa", "--input", f.toString()).okJson();
        assertThat(o.get("cost").asInt()).isEqualTo(2);
    }

    @Test
    void badInputNamesTheField() {
        record Case(String from, String to, List<String> fragments) {}
        List<Case> cases = List.of(
                new Case("\"arrivalRate\":20", "\"arrivalRate\":0", List.of("arrivalRate", "> 0")),
                new Case("\"arrivalRate\":20,", "", List.of("missing field arrivalRate")),
                new Case("\"slaMs\":6890", "\"slaMs\":-1", List.of("slaMs")),
                new Case("\"alpha\":2", "\"alpha\":-2", List.of("weights.alpha")),
                new Case("\"delta\":1e-6", "\"delta\":1e-6,\"gamma\":1", List.of("weights.gamma")),
                new Case("\"beta\":1,", "", List.of("weights.beta")),
                new Case("[1,2,4,8]", "[1,2,0,8]", List.of("batchSizes[2]")),
                new Case("[1,2,4,8]", "[1,2,2.5]", List.of("batchSizes[2]")),
                new Case("[1,2,4,8]", "[1,2,2]", List.of("batchSizes[2]", "repeats")),
                new Case("[1,2,4,8]", "[]", List.of("batchSizes", "empty")),
                new Case("\"maxReplicas\":64", "\"maxReplicas\":0", List.of("maxReplicas")),
                new Case("\"maxReplicas\":64", "\"maxReplicas\":64,\"solver\":\"x\"", List.of("unknown field solver")),
                new Case("\"name\":\"detect\",", "", List.of("stages[0].name")),
                new Case("\"accuracy\":0.457", "\"accuracy\":45.7", List.of("stages[0].variants[0].accuracy")),
                new Case("\"accuracy\":0.457", "\"accuracy\":0", List.of("stages[0].variants[0].accuracy")),
                new Case("\"cores\":2", "\"cores\":0", List.of("stages[0].variants[0].cores")),
                new Case("\"cores\":2", "\"cores\":1.5", List.of("stages[0].variants[0].cores")),
                new Case("\"2\":110", "\"two\":110", List.of("stages[0].variants[0].latencyMs.two")),
                new Case("\"2\":110", "\"0\":110", List.of("stages[0].variants[0].latencyMs.0")),
                new Case("\"2\":110", "\"2\":-110", List.of("stages[0].variants[0].latencyMs.2")),
                new Case("{\"1\":80,\"2\":110,\"4\":170,\"8\":300}", "{}", List.of("stages[0].variants[0].latencyMs")),
                new Case("\"cores\":2,", "\"cores\":2,\"memoryMb\":5,", List.of("stages[0].variants[0].memoryMb")),
                new Case("\"variants\":[{", "\"variants\":[],\"x\":[{", List.of("stages[0].variants", "empty")),
                new Case("\"stages\":[{", "\"stages\":[],\"x\":[{", List.of("stages", "empty")));
        for (Case c : cases) {
            assertThat(EXAMPLE).contains(c.from());
            plan(EXAMPLE.replace(c.from(), c.to())).badInput(c.fragments().toArray(String[]::new));
        }
        String twoStages = EXAMPLE.replace("]}]}", "]},{\"name\":\"detect\",\"variants\":[{\"name\":\"a\",\"accuracy\":0.5,\"cores\":1,\"latencyMs\":{\"1\":5}}]}]}");
        plan(twoStages).badInput("stages[1].name", "detect");
        String twoVariants = EXAMPLE.replace("}}]}]}", "}},{\"name\":\"yolov5n\",\"accuracy\":0.5,\"cores\":1,\"latencyMs\":{\"1\":5}}]}]}");
        plan(twoVariants).badInput("stages[0].variants[1].name", "yolov5n");
        plan("{\"arrivalRate\":").badInput("input", "JSON");
    }

    @Test
    void benchIpaRejectsBadOptions() {
        CliRun.of("", "bench", "ipa", "--pipeline", "toaster").badInput("--pipeline", "toaster");
        CliRun.of("", "bench", "ipa", "--seconds", "5").badInput("--seconds");
        CliRun.of("", "bench", "ipa", "--pipeline", "video", "--forecaster", "crystal-ball").badInput("--forecaster");
        CliRun.of("", "bench", "ipa-forecast", "--hours", "0").badInput("--hours");
    }
}
