package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code baton plan symphony-sizing --input FILE|-}: contract, oracle agreement, bad input. */
class PlanSizingCliTest {

    private static CliRun plan(String json) {
        return CliRun.of(json, "plan", "symphony-sizing", "--input", "-");
    }

    private static int[] gpusAndBatch(CliRun r) {
        JsonNode o = r.okJson();
        assertThat(o.isObject()).isTrue();
        assertThat(CliRun.fieldNames(o)).containsExactly("gpus", "batch");
        assertThat(o.get("gpus").isIntegralNumber()).as("gpus is an integer").isTrue();
        assertThat(o.get("batch").isIntegralNumber()).as("batch is an integer").isTrue();
        return new int[] {o.get("gpus").asInt(), o.get("batch").asInt()};
    }

    /**
     * Brute force straight from the contract: N from 1 up; for each N every b in [1, cap] (b beyond
     * slo/α + 1 cannot fit, so the scan stops there), the largest b with (1+1/N)·ℓ(b) &lt; slo; the first N
     * whose N·b/ℓ(b)·1000 reaches the rate. Null when no N ≤ limit works. Needs α &gt; 0.
     */
    static int[] oracle(double alpha, double beta, double slo, double rate, int cap, int limit) {
        long bMax = Math.min(cap, (long) (slo / alpha) + 2);
        for (int n = 1; n <= limit; n++) {
            int best = 0;
            for (int b = 1; b <= bMax; b++) {
                if ((1.0 + 1.0 / n) * (alpha * b + beta) < slo) best = b;
            }
            if (best >= 1 && (double) n * best / (alpha * best + beta) * 1000.0 >= rate) return new int[] {n, best};
        }
        return null;
    }

    @Test
    void exampleInput() {
        int[] p = gpusAndBatch(plan("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000,\"maxBatch\":256}"));
        assertThat(p).containsExactly(oracle(1.2, 6, 50, 2000, 256, 1000));
        assertThat(p).containsExactly(3, 26);
    }

    @Test
    void outputIsExactlyOneLineOfJson() {
        CliRun r = plan("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000,\"maxBatch\":256}");
        assertThat(r.out()).isEqualTo("{\"gpus\":3,\"batch\":26}" + System.lineSeparator());
    }

    @Test
    void papersTable4Case() {
        CliRun r = plan("{\"alphaMs\":1.053,\"betaMs\":5.072,\"sloMs\":25,\"rate\":5839}");
        assertThat(gpusAndBatch(r)).containsExactly(8, 16);
        assertThat(r.out().strip()).isEqualTo("{\"gpus\":8,\"batch\":16}");
    }

    @Test
    void maxBatchCapsTheBatch() {
        int[] capped = gpusAndBatch(plan("{\"alphaMs\":1.053,\"betaMs\":5.072,\"sloMs\":25,\"rate\":5839,\"maxBatch\":8}"));
        assertThat(capped[1]).isEqualTo(8);
        assertThat(capped[0]).isGreaterThan(8); // smaller batches carry less per device
        assertThat(capped).containsExactly(oracle(1.053, 5.072, 25, 5839, 8, 1000));
        // A cap above the SLO's own bound changes nothing.
        assertThat(gpusAndBatch(plan("{\"alphaMs\":1.053,\"betaMs\":5.072,\"sloMs\":25,\"rate\":5839,\"maxBatch\":17}")))
                .containsExactly(8, 16);
        // maxBatch 1 forces batches of one.
        assertThat(gpusAndBatch(plan("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000,\"maxBatch\":1}"))[1])
                .isEqualTo(1);
        // With α = 0 every batch fits once b = 1 does, so the cap is the batch.
        assertThat(gpusAndBatch(plan("{\"alphaMs\":0,\"betaMs\":5,\"sloMs\":20,\"rate\":1000,\"maxBatch\":8}")))
                .containsExactly(1, 8);
    }

    @Test
    void sloBetweenOneAndTwoBatchLatenciesNeedsStaggeredDevices() {
        // ℓ(1) = 7 < slo 10 < 2·ℓ(1): one device cannot meet it, (1+1/3)·7 = 9.33 < 10 can.
        assertThat(gpusAndBatch(plan("{\"alphaMs\":1,\"betaMs\":6,\"sloMs\":10,\"rate\":1}"))).containsExactly(3, 1);
    }

    @Test
    void agreesWithBruteForceOracleOnRandomInputs() {
        Random rnd = new Random(20240611);
        for (int i = 0; i < 200; i++) {
            boolean integral = i % 4 == 0; // integer inputs hit the strict bound exactly now and then
            double alpha = integral ? 1 + rnd.nextInt(3) : round3(0.2 + 2.8 * rnd.nextDouble());
            double beta = integral ? rnd.nextInt(21) : round3(20 * rnd.nextDouble());
            double l1 = alpha + beta;
            double slo = integral ? Math.ceil(l1 * (1.05 + 6 * rnd.nextDouble())) : round3(l1 * (1.02 + 8 * rnd.nextDouble()));
            double rate = integral ? 1 + rnd.nextInt(4000) : round3(1 + 3999 * rnd.nextDouble());
            Integer maxBatch = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(64) : null;
            String json = "{\"alphaMs\":" + alpha + ",\"betaMs\":" + beta + ",\"sloMs\":" + slo + ",\"rate\":" + rate
                    + (maxBatch == null ? "" : ",\"maxBatch\":" + maxBatch) + "}";
            int[] expected = oracle(alpha, beta, slo, rate, maxBatch == null ? Integer.MAX_VALUE : maxBatch, 100_000);
            assertThat(expected).as("oracle finds a plan for %s", json).isNotNull();
            assertThat(gpusAndBatch(plan(json))).as(json).containsExactly(expected);
        }
    }

    private static double round3(double x) {
        return Math.round(x * 1000) / 1000.0;
    }

    @Test
    void readsInputFromAFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("sizing.json");
        Files.writeString(f, "{\"alphaMs\":1.053,\"betaMs\":5.072,\"sloMs\":25,\"rate\":5839}\n");
        assertThat(gpusAndBatch(CliRun.of("", "plan", "symphony-sizing", "--input", f.toString()))).containsExactly(8, 16);
        assertThat(gpusAndBatch(CliRun.of("", "plan", "symphony-sizing", "--input=" + f))).containsExactly(8, 16);
    }

    @Test
    void infeasibleSloExitsTwoWithOneLine() {
        // ℓ(1) = 7.2 > slo: no batch fits for any N.
        plan("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":7,\"rate\":10}").badInput("sloMs");
        // slo = ℓ(1) exactly: the bound is strict, (1+1/N)·7 < 7 never holds.
        plan("{\"alphaMs\":1,\"betaMs\":6,\"sloMs\":7,\"rate\":10}").badInput("sloMs");
    }

    @Test
    void rateNeedingMoreThanAMillionDevicesExitsTwoWithOneLine() {
        // Each device carries < 1000 req/s (b/ℓ(b) < 1/α = 1 per ms): 1e10 req/s needs > 1e7 devices.
        plan("{\"alphaMs\":1,\"betaMs\":1,\"sloMs\":100,\"rate\":1e10}").badInput("rate", "1000000");
    }

    @Test
    void badInputNamesTheField() {
        record Case(String json, List<String> fragments) {}
        List<Case> cases = List.of(
                new Case("{\"betaMs\":6,\"sloMs\":50,\"rate\":2000}", List.of("alphaMs")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":-1,\"sloMs\":50,\"rate\":2000}", List.of("betaMs")),
                new Case("{\"alphaMs\":-1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000}", List.of("alphaMs")),
                new Case("{\"alphaMs\":0,\"betaMs\":0,\"sloMs\":50,\"rate\":2000}", List.of("alphaMs", "betaMs")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":0,\"rate\":2000}", List.of("sloMs")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":0}", List.of("rate")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":\"2000\"}", List.of("rate")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50}", List.of("rate")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000,\"maxBatch\":0}", List.of("maxBatch")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000,\"maxBatch\":2.5}", List.of("maxBatch")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000,\"maxBatch\":\"8\"}", List.of("maxBatch")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000,\"gpuCount\":3}", List.of("gpuCount")),
                new Case("{\"alphaMs\":1.2,\"betaMs\":6,", List.of("input", "JSON")),
                new Case("alphaMs=1.2", List.of("input", "JSON")),
                new Case("", List.of("input", "empty")),
                new Case("  \n", List.of("input", "empty")),
                new Case("[{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000}]", List.of("input", "object")),
                new Case("42", List.of("input", "object")));
        for (Case c : cases) {
            plan(c.json()).badInput(c.fragments().toArray(String[]::new));
        }
    }

    @Test
    void unknownPolicyExitsTwo() {
        CliRun.of("{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000}", "plan", "no-such-planner", "--input", "-")
                .badInput("no-such-planner", "symphony-sizing");
    }

    @Test
    void missingPolicyExitsTwo() {
        CliRun.of("", "plan").badInput("policy");
        CliRun.of("", "plan", "--input", "-").badInput("policy");
    }

    @Test
    void missingInputOptionExitsTwo() {
        CliRun.of("{}", "plan", "symphony-sizing").badInput("--input");
        CliRun.of("{}", "plan", "symphony-sizing", "--input").badInput("--input");
    }

    @Test
    void inputFileThatDoesNotExistExitsTwo(@TempDir Path dir) {
        String missing = dir.resolve("nope.json").toString();
        CliRun.of("", "plan", "symphony-sizing", "--input", missing).badInput("--input", missing);
    }
}
