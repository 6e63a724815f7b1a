package io.baton.gateway.support;

import java.util.List;
import java.util.Map;

/**
 * The applications the HTTP tests serve, as the registry's hot read gives them and as the stub scheduler runs them.
 */
public final class Apps {

    private Apps() {
    }

    public static String spec(String name, String type, String shape) {
        return "{\"name\":\"" + name + "\",\"datatype\":\"" + type + "\",\"shape\":" + shape + "}";
    }

    public static String variant(String name, int stage, String inputs, String outputs) {
        return "{\"name\":\"" + name + "\",\"application\":\"x\",\"stage\":" + stage + ",\"artifactDigest\":\"d-"
                + name + "\",\"inputs\":[" + inputs + "],\"outputs\":[" + outputs + "],\"profiles\":[],"
                + "\"version\":0}";
    }

    /** A variant whose registry JSON states its {@code maxBatchSize}. */
    public static String variant(String name, int stage, String inputs, String outputs, int maxBatchSize) {
        String v = variant(name, stage, inputs, outputs);
        return v.substring(0, v.length() - 1) + ",\"maxBatchSize\":" + maxBatchSize + "}";
    }

    /** An application whose registry JSON names the labels of its classes. */
    public static String withClasses(String applicationJson, String... classes) {
        StringBuilder list = new StringBuilder();
        for (String c : classes) {
            list.append(list.length() == 0 ? "" : ",").append('"').append(c).append('"');
        }
        return applicationJson.replaceFirst("\"classes\":\\[\\]", "\"classes\":[" + list + "]");
    }

    public static String application(String name, String kind, String policyParams, double sloMs, String inputs,
                                     String outputs, String... variants) {
        return "{\"name\":\"" + name + "\",\"kind\":\"" + kind + "\",\"policy\":\"symphony\",\"policyParams\":"
                + policyParams + ",\"sloMs\":" + sloMs + ",\"inputs\":[" + inputs + "],\"outputs\":[" + outputs
                + "],\"classes\":[],\"variants\":[" + String.join(",", variants) + "],\"version\":3}";
    }

    /** An application with the given policy (the others: {@code symphony}). */
    public static String withPolicy(String applicationJson, String policy) {
        return applicationJson.replaceFirst("\"policy\":\"symphony\"", "\"policy\":\"" + policy + "\"");
    }

    /** detect (x → 2x, plus an extra output) then classify-a (sum) or classify-b (10 × sum). */
    private static void installPipeline(StubRegistry registry, StubScheduler scheduler, String name, String policy) {
        registry.application(name, withPolicy(application(name, "pipeline", "{}", 10_000,
                spec("image", "FP32", "[-1,3]"), spec("label", "FP32", "[-1,1]"),
                variant("detect", 0, spec("img", "FP32", "[-1,3]"),
                        spec("feat", "FP32", "[-1,3]") + "," + spec("aux", "FP32", "[-1,1]")),
                variant("classify-b", 1, spec("f", "FP32", "[-1,3]"), spec("out", "FP32", "[-1,1]")),
                variant("classify-a", 1, spec("f", "FP32", "[-1,3]"), spec("out", "FP32", "[-1,1]"))), policy));
        scheduler.application(name, "pipeline", Map.of(
                "detect", new StubScheduler.Model(List.of("img"), List.of("feat", "aux"), in -> {
                    double[] v = in.get("img");
                    return Map.of("feat", new double[] {2 * v[0], 2 * v[1], 2 * v[2]}, "aux", new double[] {7});
                }),
                "classify-a", new StubScheduler.Model(List.of("f"), List.of("out"),
                        in -> Map.of("out", new double[] {sum(in.get("f"))})),
                "classify-b", new StubScheduler.Model(List.of("f"), List.of("out"),
                        in -> Map.of("out", new double[] {10 * sum(in.get("f"))}))));
    }

    /** Fills the registry and the scheduler with the test applications. */
    public static void install(StubRegistry registry, StubScheduler scheduler) {
        String x4 = spec("x", "FP32", "[-1,4]");
        String probs2 = spec("probs", "FP32", "[-1,2]");
        registry.application("fashion", application("fashion", "single", "{}", 10_000, x4, probs2,
                variant("small", 0, x4, probs2), variant("big", 0, x4, probs2)));
        scheduler.application("fashion", "single", Map.of(
                "big", new StubScheduler.Model(List.of("x"), List.of("probs"),
                        in -> Map.of("probs", new double[] {sum(in.get("x")), 2})),
                "small", new StubScheduler.Model(List.of("x"), List.of("probs"),
                        in -> Map.of("probs", new double[] {sum(in.get("x")), 1}))));
        scheduler.state("fashion", "{\"application\":\"fashion\",\"policy\":\"symphony\",\"state\":\"READY\","
                + "\"reason\":null,\"defaultVariant\":\"big\",\"liveWorkers\":1,\"variants\":["
                + "{\"name\":\"big\",\"digest\":\"d\",\"profiled\":true},"
                + "{\"name\":\"small\",\"digest\":\"d\",\"profiled\":true}]}");

        registry.application("renamed", application("renamed", "single", "{}", 10_000,
                spec("image", "FP32", "[-1,2]"), spec("scores", "FP32", "[-1,2]"),
                variant("v1", 0, spec("input_0", "FP32", "[-1,2]"), spec("logits_0", "FP32", "[-1,2]"))));
        scheduler.application("renamed", "single", Map.of(
                "v1", new StubScheduler.Model(List.of("input_0"), List.of("logits_0"), in -> {
                    double[] v = in.get("input_0");
                    return Map.of("logits_0", new double[] {v[0] + v[1], v[0] - v[1]});
                })));

        String probs3 = spec("probs", "FP32", "[-1,3]");
        registry.application("ens", application("ens", "ensemble", "{}", 10_000, x4, probs3,
                variant("a", 0, x4, probs3), variant("b", 0, x4, probs3), variant("c", 0, x4, probs3)));
        scheduler.application("ens", "ensemble", Map.of(
                "a", constant(0.2, 0.3, 0.5), "b", constant(0.6, 0.3, 0.1), "c", constant(0.1, 0.6, 0.3)));
        scheduler.state("ens", "{\"application\":\"ens\",\"policy\":\"schemble\",\"state\":\"UNAVAILABLE\","
                + "\"reason\":\"variant c is not profiled\",\"defaultVariant\":null,\"liveWorkers\":1,\"variants\":["
                + "{\"name\":\"a\",\"digest\":\"d\",\"profiled\":true},{\"name\":\"b\",\"digest\":\"d\",\"profiled\":true},"
                + "{\"name\":\"c\",\"digest\":\"d\",\"profiled\":false}]}");

        // A two-stage pipeline, and the same under policy ipa (the scheduler then chooses each stage's variant).
        installPipeline(registry, scheduler, "pipe", "symphony");
        installPipeline(registry, scheduler, "ipa-pipe", "ipa");
        scheduler.stageChoice("ipa-pipe", 0, "detect").stageChoice("ipa-pipe", 1, "classify-b");

        for (String name : List.of("slow", "unprofiled", "broken")) {
            registry.application(name, application(name, "single", "{}", 5000, x4, probs2,
                    variant("only", 0, x4, probs2)));
            scheduler.application(name, "single", Map.of("only", new StubScheduler.Model(List.of("x"),
                    List.of("probs"), in -> Map.of("probs", new double[] {0, 0}))));
        }
        scheduler.refuse("slow", new StubScheduler.Refusal(503, "dropped", "DEADLINE_UNMEETABLE",
                "deadline cannot be met: even alone it would finish after its deadline"));
        scheduler.refuse("unprofiled", new StubScheduler.Refusal(409, "not-profiled", null,
                "variant only has no latency profile yet"));
        scheduler.refuse("broken", new StubScheduler.Refusal(502, "worker-failed", null,
                "worker cpu-0 refused the batch: model failed to load"));

        String ids = spec("ids", "INT64", "[-1,2]");
        String total = spec("total", "INT64", "[-1,1]");
        registry.application("ints", application("ints", "single", "{}", 10_000, ids, total,
                variant("adder", 0, ids, total)));
        scheduler.application("ints", "single", Map.of("adder", new StubScheduler.Model(List.of("ids"),
                List.of("total"), "INT64", in -> Map.of("total", new double[] {sum(in.get("ids"))}))));
    }

    /** A base model whose class scores are fixed, except the last, which adds the row's first input value. */
    private static StubScheduler.Model constant(double p0, double p1, double p2) {
        return new StubScheduler.Model(List.of("x"), List.of("probs"),
                in -> Map.of("probs", new double[] {p0, p1, p2 + in.get("x")[0]}));
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double d : v) {
            s += d;
        }
        return s;
    }
}
