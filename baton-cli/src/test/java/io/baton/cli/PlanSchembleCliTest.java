package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@code baton plan schemble --input FILE|-}: the documented contract, feasibility, optimality, bad input. */
class PlanSchembleCliTest {

    private static final String EXAMPLE = """
            {"nowMs":0,"delta":0.01,
             "models":[{"name":"a","latencyMs":10,"busyUntilMs":0},{"name":"b","latencyMs":25,"busyUntilMs":5}],
             "queries":[{"id":"q1","deadlineMs":40,"utility":{"a":0.7,"b":0.8,"a+b":1.0}}]}""";

    private static CliRun plan(String json) {
        return CliRun.of(json, "plan", "schemble", "--input", "-");
    }

    @Test
    void issueExampleIsPrintedExactly() {
        CliRun r = plan(EXAMPLE);
        r.okJson();
        assertThat(r.out()).isEqualTo("{\"assignments\":[{\"query\":\"q1\",\"models\":[\"a\",\"b\"]}],\"utility\":1.0}"
                + System.lineSeparator());
    }

    @Test
    void tighterDeadlinePicksTheSubsetThatFits() {
        // b is busy until 5 and takes 25: it finishes at 30. With deadline 29 only a fits.
        JsonNode o = plan(EXAMPLE.replace("\"deadlineMs\":40", "\"deadlineMs\":29")).okJson();
        assertThat(o.get("assignments").get(0).get("models").toString()).isEqualTo("[\"a\"]");
        assertThat(o.get("utility").asDouble()).isEqualTo(0.7);
        // "at or before": a deadline of exactly 30 admits b.
        o = plan(EXAMPLE.replace("\"deadlineMs\":40", "\"deadlineMs\":30")).okJson();
        assertThat(o.get("utility").asDouble()).isEqualTo(1.0);
        // Nothing fits before 10: the query is not served.
        o = plan(EXAMPLE.replace("\"deadlineMs\":40", "\"deadlineMs\":9")).okJson();
        assertThat(o.get("assignments").size()).isZero();
        assertThat(o.get("utility").asDouble()).isZero();
    }

    @Test
    void nowDelaysIdleModels() {
        JsonNode o = plan(EXAMPLE.replace("\"nowMs\":0", "\"nowMs\":20")).okJson();
        // a finishes at 30, b at 45 > 40.
        assertThat(o.get("assignments").get(0).get("models").toString()).isEqualTo("[\"a\"]");
    }

    @Test
    void randomInstancesAreFeasibleAndWithinNDelta() throws Exception {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int trial = 0; trial < 60; trial++) {
            int m = rnd.nextInt(1, 4), n = rnd.nextInt(1, 6);
            double delta = 0.05;
            String[] names = {"x", "y", "z"};
            double[] lat = new double[m], busy = new double[m];
            StringBuilder js = new StringBuilder("{\"nowMs\":3,\"delta\":" + delta + ",\"models\":[");
            for (int k = 0; k < m; k++) {
                lat[k] = rnd.nextInt(5, 30);
                busy[k] = rnd.nextInt(0, 20);
                js.append(k > 0 ? "," : "").append("{\"name\":\"").append(names[k]).append("\",\"latencyMs\":").append(lat[k])
                        .append(",\"busyUntilMs\":").append(busy[k]).append('}');
            }
            js.append("],\"queries\":[");
            double[] deadline = new double[n];
            double[][] util = new double[n][1 << m];
            for (int i = 0; i < n; i++) {
                deadline[i] = rnd.nextInt(10, 90);
                js.append(i > 0 ? "," : "").append("{\"id\":\"q").append(i).append("\",\"deadlineMs\":").append(deadline[i])
                        .append(",\"utility\":{");
                for (int s = 1; s < 1 << m; s++) {
                    util[i][s] = rnd.nextInt(0, 1001) / 1000.0;
                    List<String> key = new ArrayList<>();
                    for (int k = 0; k < m; k++) if ((s >>> k & 1) != 0) key.add(names[k]);
                    js.append(s > 1 ? "," : "").append('"').append(String.join("+", key)).append("\":").append(util[i][s]);
                }
                js.append("}}");
            }
            js.append("]}");
            JsonNode o = plan(js.toString()).okJson();
            assertThat(CliRun.fieldNames(o)).containsExactly("assignments", "utility");
            // Replay the printed plan in deadline order (ties: input order) from the contract.
            int[] chosen = new int[n];
            for (JsonNode a : o.get("assignments")) {
                assertThat(CliRun.fieldNames(a)).containsExactly("query", "models");
                int q = Integer.parseInt(a.get("query").asText().substring(1));
                int mask = 0;
                for (JsonNode name : a.get("models")) mask |= 1 << List.of(names).indexOf(name.asText());
                chosen[q] = mask;
            }
            double got = replay(3, lat, busy, deadline, util, chosen);
            assertThat(got).as("feasible").isGreaterThanOrEqualTo(0);
            assertThat(o.get("utility").asDouble()).isCloseTo(got, within(1e-9));
            double best = 0;
            int total = 1 << (m * n);
            for (int code = 0; code < total; code++) {
                int[] masks = new int[n];
                for (int i = 0; i < n; i++) masks[i] = code >>> (m * i) & ((1 << m) - 1);
                best = Math.max(best, replay(3, lat, busy, deadline, util, masks));
            }
            assertThat(got).isGreaterThanOrEqualTo(best - n * delta - 1e-9);
        }
    }

    private static double replay(double now, double[] lat, double[] busy, double[] deadline, double[][] util, int[] masks) {
        int n = deadline.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        java.util.Arrays.sort(order, (a, b) -> Double.compare(deadline[a], deadline[b]));
        double[] t = new double[lat.length];
        for (int k = 0; k < lat.length; k++) t[k] = Math.max(now, busy[k]);
        double sum = 0;
        for (int q : order) {
            if (masks[q] == 0) continue;
            double done = 0;
            for (int k = 0; k < lat.length; k++) if ((masks[q] >>> k & 1) != 0) done = Math.max(done, t[k] += lat[k]);
            if (done > deadline[q]) return -1;
            sum += util[q][masks[q]];
        }
        return sum;
    }

    @Test
    void badInputNamesTheField() {
        plan(EXAMPLE.replace("\"a+b\":1.0", "\"a+c\":1.0")).badInput("queries[0].utility.a+c", "unknown model 'c'");
        plan(EXAMPLE.replace("\"a+b\":1.0", "\"b+a\":1.0")).badInput("queries[0].utility.b+a", "order of models");
        plan(EXAMPLE.replace("\"a+b\":1.0", "\"a+a\":1.0")).badInput("queries[0].utility.a+a");
        plan(EXAMPLE.replace("\"a+b\":1.0", "\"a+\":1.0")).badInput("queries[0].utility.a+", "empty model name");
        plan(EXAMPLE.replace("\"a+b\":1.0", "\"a+b\":-0.5")).badInput("queries[0].utility.a+b must be ≥ 0");
        plan(EXAMPLE.replace("\"a+b\":1.0", "\"a+b\":\"high\"")).badInput("queries[0].utility.a+b must be a number");
        plan(EXAMPLE.replace("\"latencyMs\":25", "\"latencyMs\":-25")).badInput("models[1].latencyMs must be > 0");
        plan(EXAMPLE.replace("\"latencyMs\":10", "\"latencyMs\":0")).badInput("models[0].latencyMs must be > 0");
        plan(EXAMPLE.replace("\"busyUntilMs\":5", "\"busyUntilMs\":-5")).badInput("models[1].busyUntilMs must be ≥ 0");
        plan(EXAMPLE.replace(",\"busyUntilMs\":5", "")).badInput("missing field models[1].busyUntilMs");
        plan(EXAMPLE.replace("\"delta\":0.01,", "")).badInput("missing field delta");
        plan(EXAMPLE.replace("\"delta\":0.01", "\"delta\":0")).badInput("delta must be > 0");
        plan(EXAMPLE.replace("\"nowMs\":0,", "")).badInput("missing field nowMs");
        plan(EXAMPLE.replace("\"deadlineMs\":40,", "")).badInput("missing field queries[0].deadlineMs");
        plan(EXAMPLE.replace("\"id\":\"q1\",", "")).badInput("missing field queries[0].id");
        plan(EXAMPLE.replace(",\"utility\":{\"a\":0.7,\"b\":0.8,\"a+b\":1.0}", "")).badInput("missing field queries[0].utility");
        plan(EXAMPLE.replace("\"name\":\"b\"", "\"name\":\"a\"")).badInput("models[1].name repeats model 'a'");
        plan(EXAMPLE.replace("\"name\":\"b\"", "\"name\":\"b+c\"")).badInput("models[1].name must not contain '+'");
        plan(EXAMPLE.replace("\"nowMs\":0", "\"nowMs\":0,\"horizon\":3")).badInput("unknown field horizon");
        plan(EXAMPLE.replace("\"busyUntilMs\":0", "\"busyUntilMs\":0,\"memoryMb\":3")).badInput("unknown field models[0].memoryMb");
        plan(EXAMPLE.replace("\"deadlineMs\":40", "\"deadlineMs\":40,\"arrivalMs\":1")).badInput("unknown field queries[0].arrivalMs");
        plan(EXAMPLE.replace("\"models\":[{\"name\":\"a\",\"latencyMs\":10,\"busyUntilMs\":0},{\"name\":\"b\",\"latencyMs\":25,\"busyUntilMs\":5}]",
                "\"models\":[]")).badInput("models must name at least one model");
        String twoQueries = EXAMPLE.replace("}}]}", "}},{\"id\":\"q1\",\"deadlineMs\":50,\"utility\":{}}]}");
        plan(twoQueries).badInput("queries[1].id repeats query 'q1'");
        plan("[1]").badInput("input must be a JSON object");
        CliRun.of("", "plan", "nope", "--input", "-").badInput("unknown policy 'nope'", "schemble");
    }
}
