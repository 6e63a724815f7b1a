package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.sim.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code baton simulate --scenario FILE|- [--detail]}: output contract, determinism, features, bad scenarios. */
class SimulateCliTest {

    private static final List<String> POLICIES = List.of("symphony", "work-conserving", "clockwork", "nexus");
    private static final List<String> KEYS = List.of("policy", "goodput", "badRate", "meanBatch", "idleFraction", "p99LatencyMs");

    /** The documented example scenario, shortened to 3 s of virtual time. */
    static final String EXAMPLE = "{\"seed\":7,\"durationMs\":3000,\"devices\":8,\"models\":[{\"name\":\"densenet121\","
            + "\"alphaMs\":1.1,\"betaMs\":10.6,\"sloMs\":30,\"rate\":900,\"arrival\":{\"type\":\"gamma\",\"shape\":0.5}}],"
            + "\"policies\":[\"symphony\",\"work-conserving\",\"clockwork\",\"nexus\"]}";

    private static CliRun simulate(String scenario, String... extra) {
        List<String> args = new ArrayList<>(List.of("simulate", "--scenario", "-"));
        args.addAll(List.of(extra));
        return CliRun.of(scenario, args.toArray(String[]::new));
    }

    private static ArrayNode results(JsonNode root) {
        assertThat(CliRun.fieldNames(root)).containsExactly("results");
        assertThat(root.get("results").isArray()).isTrue();
        return (ArrayNode) root.get("results");
    }

    private static List<String> policies(ArrayNode results) {
        List<String> out = new ArrayList<>();
        results.forEach(r -> out.add(r.get("policy").asText()));
        return out;
    }

    @Test
    void exampleScenarioPrintsOneResultPerPolicyWithExactlySixKeys() {
        ArrayNode results = results(simulate(EXAMPLE).okJson());
        assertThat(policies(results)).containsExactlyElementsOf(POLICIES);
        for (JsonNode r : results) {
            assertThat(CliRun.fieldNames(r)).containsExactlyElementsOf(KEYS);
            assertThat(r.get("policy").isTextual()).isTrue();
            for (String k : KEYS.subList(1, KEYS.size())) assertThat(r.get(k).isNumber()).as(k).isTrue();
            double goodput = r.get("goodput").asDouble();
            assertThat(goodput).as("goodput of %s", r.get("policy")).isPositive();
            // Offered 900 req/s; Gamma(0.5) over 3 s realises it within a few per cent (seeded, so fixed).
            assertThat(goodput).as("goodput of %s", r.get("policy")).isLessThanOrEqualTo(900 * 1.2);
            assertThat(r.get("badRate").asDouble()).isBetween(0.0, 1.0);
            assertThat(r.get("idleFraction").asDouble()).isBetween(0.0, 1.0);
            assertThat(r.get("meanBatch").asDouble()).isGreaterThanOrEqualTo(1.0);
            assertThat(r.get("p99LatencyMs").asDouble()).isPositive();
        }
    }

    @Test
    void goodputNeverExceedsWhatWasOffered() {
        // Overload: 4000 req/s of a model that 2 devices cannot carry, so some requests miss.
        String overloaded = EXAMPLE.replace("\"devices\":8", "\"devices\":2").replace("\"rate\":900", "\"rate\":4000");
        double windowSec = 3.0;
        for (JsonNode r : results(simulate(overloaded, "--detail").okJson())) {
            long offered = r.get("offered").asLong();
            long good = r.get("good").asLong();
            assertThat(offered).isPositive();
            assertThat(good).isBetween(0L, offered);
            double goodput = r.get("goodput").asDouble();
            assertThat(goodput).as("goodput is good per second of the window").isCloseTo(good / windowSec, within(good / windowSec * 1e-5 + 1e-9));
            assertThat(goodput).isLessThanOrEqualTo(offered / windowSec * (1 + 1e-5));
            double bad = r.get("badRate").asDouble();
            assertThat(bad).isBetween(0.0, 1.0);
            assertThat(bad).isCloseTo((r.get("late").asLong() + r.get("dropped").asLong()) / (double) offered, within(1e-5));
            assertThat(r.get("idleFraction").asDouble()).isBetween(0.0, 1.0);
        }
    }

    @Test
    void sameScenarioSameOutput() {
        CliRun a = simulate(EXAMPLE);
        CliRun b = simulate(EXAMPLE);
        a.okJson();
        assertThat(b.out()).isEqualTo(a.out());
        String other = EXAMPLE.replace("\"seed\":7", "\"seed\":8");
        assertThat(simulate(other).okJson()).as("another seed, other arrivals").isNotEqualTo(a.okJson());
    }

    @Test
    void detailAddsFields() {
        ArrayNode plain = results(simulate(EXAMPLE).okJson());
        ArrayNode detail = results(simulate(EXAMPLE, "--detail").okJson());
        assertThat(policies(detail)).containsExactlyElementsOf(POLICIES);
        for (int i = 0; i < detail.size(); i++) {
            List<String> keys = CliRun.fieldNames(detail.get(i));
            assertThat(keys.subList(0, KEYS.size())).containsExactlyElementsOf(KEYS);
            assertThat(keys).contains("offered", "good", "late", "dropped", "p50LatencyMs", "missRate", "batches",
                    "lateStarts", "unfinished");
            for (String k : KEYS) assertThat(detail.get(i).get(k)).as(k).isEqualTo(plain.get(i).get(k));
            assertThat(detail.get(i).get("lateStarts").asLong()).as("dispatcher invariant").isZero();
            assertThat(detail.get(i).get("unfinished").asLong()).as("dispatcher invariant").isZero();
        }
    }

    @Test
    void readsTheScenarioFromAFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, EXAMPLE);
        CliRun fromFile = CliRun.of("", "simulate", "--scenario", f.toString());
        fromFile.okJson();
        assertThat(fromFile.out()).isEqualTo(simulate(EXAMPLE).out());
    }

    @Test
    void traceScenarioReplaysExactlyTheTracesRequests(@TempDir Path dir) throws Exception {
        Path scenDir = Files.createDirectories(dir.resolve("scen"));
        Path traces = Files.createDirectories(scenDir.resolve("traces"));
        Random rnd = new Random(5);
        StringBuilder csv = new StringBuilder("timeMs,model\n# a comment line\n");
        double t = 0;
        int n = 0;
        while (true) {
            t += -Math.log(1 - rnd.nextDouble()) * 3; // ~333 req/s
            if (t >= 1500) break;
            csv.append(String.format(Locale.ROOT, "%.3f,%s%n", t, rnd.nextInt(3) == 0 ? "b" : "a"));
            n++;
        }
        Files.writeString(traces.resolve("t.csv"), csv);
        Path scenario = scenDir.resolve("scenario.json");
        Files.writeString(scenario, "{\"seed\":1,\"durationMs\":2000,\"devices\":2,\"models\":["
                + "{\"name\":\"a\",\"alphaMs\":1,\"betaMs\":2,\"sloMs\":30},"
                + "{\"name\":\"b\",\"alphaMs\":0.5,\"betaMs\":4,\"sloMs\":40}],"
                + "\"policies\":[\"symphony\",\"work-conserving\",\"clockwork\",\"nexus\"],"
                + "\"trace\":{\"path\":\"traces/t.csv\"}}");
        assertThat(n).isGreaterThan(100);
        ArrayNode results = results(CliRun.of("", "simulate", "--scenario", scenario.toString(), "--detail").okJson());
        assertThat(policies(results)).containsExactlyElementsOf(POLICIES);
        for (JsonNode r : results) {
            assertThat(r.get("offered").asLong()).as("offered by %s", r.get("policy")).isEqualTo(n);
        }
        // Generated arrivals would differ by seed; a replayed trace does not.
        String again = CliRun.of("", "simulate", "--scenario", scenario.toString(), "--detail").out();
        assertThat(again).isEqualTo(CliRun.of("", "simulate", "--scenario", scenario.toString(), "--detail").out());
    }

    @Test
    void zipfPopularitySplitsTotalRate() {
        String s = "{\"seed\":3,\"durationMs\":4000,\"devices\":8,\"totalRate\":1200,\"popularity\":{\"type\":\"zipf\",\"exponent\":1},"
                + "\"models\":[{\"name\":\"m0\",\"alphaMs\":0.5,\"betaMs\":3,\"sloMs\":40},"
                + "{\"name\":\"m1\",\"alphaMs\":0.5,\"betaMs\":3,\"sloMs\":40},"
                + "{\"name\":\"m2\",\"alphaMs\":0.5,\"betaMs\":3,\"sloMs\":40}],\"policies\":[\"symphony\"]}";
        Scenario parsed = ScenarioParser.parse(s, null);
        double[] rates = parsed.models().stream().mapToDouble(m -> m.ratePerSec()).toArray();
        // Zipf(s = 1) over 3 models: weights 1, 1/2, 1/3 normalised by 11/6.
        assertThat(rates[0]).isCloseTo(1200 * 6.0 / 11, within(1e-9));
        assertThat(rates[1]).isCloseTo(1200 * 3.0 / 11, within(1e-9));
        assertThat(rates[2]).isCloseTo(1200 * 2.0 / 11, within(1e-9));
        assertThat(rates[0] + rates[1] + rates[2]).isCloseTo(1200, within(1e-9));
        // Default exponent 0.9: still a split of the total, most popular first.
        Scenario dflt = ScenarioParser.parse(s.replace(",\"exponent\":1", ""), null);
        double[] r9 = dflt.models().stream().mapToDouble(m -> m.ratePerSec()).toArray();
        assertThat(r9[0]).isGreaterThan(r9[1]);
        assertThat(r9[1]).isGreaterThan(r9[2]);
        assertThat(r9[0] + r9[1] + r9[2]).isCloseTo(1200, within(1e-9));
        // Through the CLI: the arrivals add up to about totalRate (Poisson, 4 s ≈ 4800 requests).
        JsonNode r = results(simulate(s, "--detail").okJson()).get(0);
        assertThat(r.get("offered").asLong()).isBetween(4400L, 5200L);
        // A per-model rate alongside totalRate is refused, naming the model's field.
        simulate(s.replace("\"name\":\"m1\",", "\"name\":\"m1\",\"rate\":5,")).badInput("models[1].rate");
    }

    @Test
    void measuredLatencyProfileIsAccepted() {
        String s = "{\"seed\":2,\"durationMs\":2000,\"devices\":4,\"models\":[{\"name\":\"m\","
                + "\"latencyMs\":{\"1\":5.2,\"4\":7.9,\"16\":18.5,\"32\":33},\"fit\":\"linear\",\"sloMs\":60,\"rate\":500}],"
                + "\"policies\":[\"symphony\",\"nexus\"]}";
        ArrayNode results = results(simulate(s).okJson());
        assertThat(policies(results)).containsExactly("symphony", "nexus");
        for (JsonNode r : results) assertThat(r.get("goodput").asDouble()).isPositive();
        results(simulate(s.replace("\"linear\"", "\"quadratic\"")).okJson());
    }

    @Test
    void optionalFieldsAreAccepted() {
        String s = "{\"seed\":4,\"durationMs\":3000,\"warmupMs\":500,\"jitter\":0.05,\"devices\":4,\"models\":[{\"name\":\"m\","
                + "\"alphaMs\":1,\"betaMs\":5,\"sloMs\":40,\"rate\":400,\"maxBatch\":8,\"arrival\":{\"type\":\"uniform\"},"
                + "\"pattern\":{\"type\":\"piecewise\",\"segments\":[{\"durationMs\":500,\"multiplier\":2},{\"durationMs\":500,\"multiplier\":0}]}},"
                + "{\"name\":\"p\",\"alphaMs\":1,\"betaMs\":5,\"sloMs\":40,\"rate\":100,\"arrival\":{\"type\":\"poisson\"}}],"
                + "\"policies\":[\"clockwork\"]}";
        JsonNode r = results(simulate(s, "--detail").okJson()).get(0);
        assertThat(r.get("offered").asLong()).isPositive();
        assertThat(r.get("meanBatch").asDouble()).isLessThanOrEqualTo(8.0);
    }

    // ------------------------------------------------------------------------------------ bad scenarios

    private static ObjectNode base() {
        try {
            return (ObjectNode) CliRun.JSON.readTree("{\"seed\":7,\"durationMs\":1000,\"devices\":2,\"models\":["
                    + "{\"name\":\"a\",\"alphaMs\":1.1,\"betaMs\":10.6,\"sloMs\":30,\"rate\":100,\"arrival\":{\"type\":\"gamma\",\"shape\":0.5}},"
                    + "{\"name\":\"b\",\"alphaMs\":1,\"betaMs\":5,\"sloMs\":40,\"rate\":100}],"
                    + "\"policies\":[\"symphony\",\"work-conserving\",\"clockwork\",\"nexus\"]}");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static ObjectNode model(ObjectNode s, int i) {
        return (ObjectNode) s.get("models").get(i);
    }

    private static String bad(Consumer<ObjectNode> edit, String... fragments) {
        ObjectNode s = base();
        edit.accept(s);
        return simulate(s.toString()).badInput(fragments);
    }

    @Test
    void baseScenarioOfTheBadCasesIsValid() {
        results(simulate(base().toString()).okJson());
    }

    @Test
    void badScenariosExitTwoWithOneLineNamingTheField() {
        bad(s -> s.remove("durationMs"), "durationMs");
        bad(s -> s.put("durationMs", -5), "durationMs");
        bad(s -> s.put("devices", 0), "devices");
        bad(s -> s.put("devices", "8"), "devices");
        bad(s -> s.put("devices", 1.5), "devices");
        bad(s -> s.putArray("models"), "models");
        bad(s -> s.put("models", "a"), "models");
        bad(s -> model(s, 0).remove("name"), "models[0].name");
        bad(s -> model(s, 1).put("name", "a"), "models[1].name", "'a'");
        bad(s -> model(s, 1).put("sloMs", -1), "models[1].sloMs");
        bad(s -> model(s, 1).remove("sloMs"), "models[1].sloMs");
        bad(s -> model(s, 0).remove("alphaMs"), "models[0].alphaMs");
        bad(s -> model(s, 1).put("betaMs", -2), "models[1].betaMs");
        bad(s -> ((ObjectNode) model(s, 0).get("arrival")).put("type", "weibull"), "models[0].arrival.type", "weibull");
        bad(s -> ((ObjectNode) model(s, 0).get("arrival")).remove("shape"), "models[0].arrival.shape");
        bad(s -> ((ObjectNode) model(s, 0).get("arrival")).put("shape", 0), "models[0].arrival.shape");
        bad(s -> ((ObjectNode) model(s, 0).get("arrival")).put("scale", 2), "models[0].arrival.scale");
        bad(s -> ((ArrayNode) s.get("policies")).set(2, CliRun.JSON.getNodeFactory().textNode("fifo")), "policies[2]", "fifo");
        bad(s -> s.putArray("policies"), "policies");
        bad(s -> s.remove("policies"), "policies");
        bad(s -> s.put("devcies", 4), "devcies");
        bad(s -> model(s, 1).put("slo", 40), "models[1].slo");
        bad(s -> model(s, 0).remove("rate"), "models[0].rate");
        bad(s -> model(s, 0).put("rate", -1), "models[0].rate");
        bad(s -> {
            ObjectNode m = model(s, 0);
            m.remove("alphaMs");
            m.remove("betaMs");
            m.putObject("latencyMs").put("1", 5).put("four", 9);
        }, "models[0].latencyMs.four");
        bad(s -> {
            ObjectNode m = model(s, 0);
            m.remove("alphaMs");
            m.remove("betaMs");
            m.putObject("latencyMs").put("1", 5).put("8", 9);
            m.put("fit", "cubic");
        }, "models[0].fit");
        bad(s -> model(s, 0).putObject("latencyMs").put("1", 5), "models[0].latencyMs");
        bad(s -> s.put("warmupMs", 1000), "warmupMs", "durationMs");
        bad(s -> s.put("warmupMs", 5000), "warmupMs", "durationMs");
        bad(s -> s.putObject("trace"), "trace.path");
        bad(s -> s.putObject("trace").put("path", "/nonexistent/dir/trace.csv"), "trace.path", "/nonexistent/dir/trace.csv");
        bad(s -> s.put("totalRate", 100), "popularity");
        bad(s -> s.put("seed", "seven"), "seed");
    }

    @Test
    void badScenarioTextExitsTwo() {
        simulate("").badInput("scenario", "empty");
        simulate("{\"seed\":").badInput("scenario", "JSON");
        simulate("[]").badInput("scenario", "object");
        CliRun.of("", "simulate").badInput("--scenario");
    }

    @Test
    void scenarioFileThatDoesNotExistExitsTwo(@TempDir Path dir) {
        String missing = dir.resolve("nope.json").toString();
        CliRun.of("", "simulate", "--scenario", missing).badInput("--scenario", missing);
    }

    @Test
    void malformedTraceLineExitsTwoWithOneLine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t.csv"), "timeMs,model\n0,a\nabc,a\n");
        Path scenario = dir.resolve("s.json");
        ObjectNode s = base();
        s.putObject("trace").put("path", "t.csv");
        Files.writeString(scenario, s.toString());
        CliRun.of("", "simulate", "--scenario", scenario.toString()).badInput("trace line 3", "timeMs", "abc");

        Files.writeString(dir.resolve("t.csv"), "0,a\n1,zzz\n");
        CliRun.of("", "simulate", "--scenario", scenario.toString()).badInput("trace line 2", "zzz");
    }
}
