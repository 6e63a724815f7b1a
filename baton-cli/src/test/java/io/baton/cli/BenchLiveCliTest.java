package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code baton bench live} end to end against {@link FakeSuite} (a stand-in speaking the services' documented
 * HTTP): the applications it sets up, the table, refusals counted as drops, the raw comparison, a run where answers
 * never come, and every bad flag (exit 2, one line, before any request).
 */
class BenchLiveCliTest {

    static String[] args(FakeSuite fake, String... more) {
        // The given flags first: a flag's first occurrence is the one read.
        List<String> a = new ArrayList<>(List.of("bench", "live"));
        a.addAll(List.of(more));
        a.addAll(List.of("--gateway", fake.url().toString(), "--registry", fake.url().toString(),
                "--scheduler", fake.url().toString(), "--seconds", "1", "--warmup", "0"));
        return a.toArray(String[]::new);
    }

    @Test
    void comparesBothPoliciesOnTheFastestVariantAtThreeRates() throws Exception {
        try (FakeSuite fake = new FakeSuite(5, false)) {
            CliRun r = CliRun.of("", args(fake, "--rates", "20,40,60"));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();

            JsonNode symphony = fake.created.get("bench-symphony"), wc = fake.created.get("bench-wc");
            assertThat(symphony.path("policy").asText()).isEqualTo("symphony");
            assertThat(wc.path("policy").asText()).isEqualTo("work-conserving");
            assertThat(symphony.path("sloMs").asDouble()).isEqualTo(100.0);
            JsonNode copied = fake.profiles.get("/v1/applications/bench-wc/variants/fast/profiles/cpu/cpu");
            assertThat(copied).as("the fastest variant's profile, copied without its identity").isNotNull();
            assertThat(copied.path("latency").get(0).path("p50Ms").asDouble()).isEqualTo(0.5);
            assertThat(copied.has("deviceKind") || copied.has("version")).isFalse();

            assertThat(r.out()).contains("fast of fashion-single", "1 live workers", "every request was answered");
            List<String> rows = r.out().lines().filter(l -> l.startsWith("symphony ") || l.startsWith("work-conserving ")).toList();
            assertThat(rows).hasSize(6);
            for (String row : rows) {
                String[] f = row.trim().split("\\s+");
                assertThat(f[f.length - 1]).as("unanswered in %s", row).isEqualTo("0");
                assertThat(f[8]).as("mean batch in %s", row).isEqualTo("2.00");
                assertThat(Double.parseDouble(f[5])).as("drop rate in %s", row).isBetween(0.0, 0.6);
            }
            assertThat(r.out()).contains("503 dropped: DEADLINE_UNMEETABLE");
            assertThat(fake.inferences.get()).isPositive();
        }
    }

    @Test
    void rawComparesTheGatewayWithOnnxRuntimeAlone() throws Exception {
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun r = CliRun.of("", args(fake, "--rates", "10", "--raw", "--concurrency", "4"));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();
            assertThat(r.out()).contains("saturation through the gateway", "ONNX Runtime alone", "targets (a model of microseconds, as the demo zoo's)",
                    "throughput through the gateway / ONNX Runtime alone at batch 2", "added latency at 10 req/s");
            // The stand-in suite is this JVM: found by its port where /proc can be read; its workers give no URL.
            assertThat(r.out()).contains("CPU per answered request: ", "wake-ups per answered request: ");
        }
    }

    @Test
    void anyApplicationIsBenchedWithInputsGeneratedFromItsDeclaredSpecsAndOnnxRuntimeAloneRunsThem() throws Exception {
        try (FakeSuite fake = new FakeSuite(0, false)) {
            // sr's value is the variant's registered inputValues, as the profiler feeds it
            CliRun r = CliRun.of("", args(fake, "--app", "vad", "--rates", "10", "--raw", "--concurrency", "2"));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();

            assertThat(fake.created).containsKeys("bench-vad-symphony", "bench-vad-wc");
            JsonNode variant = fake.variants.get("/v1/applications/bench-vad-wc/variants");
            assertThat(variant.path("maxBatchSize").asInt(-1)).as("the source's batching, copied").isZero();
            assertThat(variant.path("inputs").get(1).path("shape")).as("the declared scalar, copied").isEmpty();
            assertThat(variant.path("inputValues").path("sr").asLong()).as("the input values, copied").isEqualTo(16_000);

            // What the gateway got: binary tensor data, the scalar as shape [], the rest as declared.
            int header = Integer.parseInt(fake.lastInferHeaderLength);
            JsonNode request = FakeSuite.JSON.readTree(java.util.Arrays.copyOf(fake.lastInferBody, header));
            assertThat(request.at("/inputs/0/name").asText()).isEqualTo("audio");
            assertThat(request.at("/inputs/0/shape").toString()).isEqualTo("[1,64]");
            assertThat(request.at("/inputs/1/datatype").asText()).isEqualTo("INT64");
            assertThat(request.at("/inputs/1/shape").toString()).isEqualTo("[]");
            assertThat(fake.lastInferBody).hasSize(header + 64 * 4 + 8);
            assertThat(java.nio.ByteBuffer.wrap(fake.lastInferBody, header + 64 * 4, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong())
                    .as("the variant's value for sr").isEqualTo(16_000);

            assertThat(r.out()).contains("stateful of vad", "inputs generated from the declared specs", "audio FP32[1, 64], sr INT64[]",
                    "does not batch", "ONNX Runtime alone (stateful", "targets (a model of realistic cost)",
                    "throughput through the gateway / ONNX Runtime alone at batch 1:", "×", "added latency at 10 req/s (work-conserving, lowest load)",
                    "every request was answered");
            List<String> ortRows = r.out().lines().dropWhile(l -> !l.startsWith("ONNX Runtime alone")).skip(2).limit(1).toList();
            assertThat(ortRows.get(0).trim().split("\\s+")[0]).as("ONNX Runtime alone ran at batch 1 only").isEqualTo("1");
        }
    }

    @Test
    void theZooDefaultIsUnchangedAndGeneratedInputsCanBeAskedFor() throws Exception {
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun images = CliRun.of("", args(fake, "--rates", "10"));
            assertThat(images.code()).as("stderr: %s", images.err()).isZero();
            assertThat(images.out()).doesNotContain("inputs generated");
            assertThat(fake.lastInferHeaderLength).as("validation images go as JSON, as before").isNull();

            CliRun generated = CliRun.of("", args(fake, "--rates", "10", "--inputs", "generated", "--prefix", "gen"));
            assertThat(generated.code()).as("stderr: %s", generated.err()).isZero();
            assertThat(generated.out()).contains("inputs generated from the declared specs", "input FP32[1, 1, 28, 28]");
            assertThat(fake.lastInferHeaderLength).isNotNull();
        }
    }

    @Test
    void aFreeDimensionNoSpecDeclaresIsBadInputNamingTheInputAndDimension() throws Exception {
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun.of("", args(fake, "--app", "ocr")).badInput("--app", "input image", "dimension 3 is free");
            assertThat(fake.inferences.get()).isZero();
            assertThat(fake.created).isEmpty();
        }
    }

    @Test
    void requestsThatNeverAnswerFailTheRun() throws Exception {
        try (FakeSuite fake = new FakeSuite(0, true)) {
            CliRun r = CliRun.of("", args(fake, "--rates", "5", "--timeout-ms", "300"));
            assertThat(r.code()).as("stdout: %s", r.out()).isEqualTo(1);
            assertThat(r.err()).contains("got no answer at all");
            assertThat(r.err().lines().count()).isEqualTo(1);
        }
    }

    @Test
    void badFlagsExitTwoWithOneLine() throws Exception {
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun.of("", args(fake, "--rates", "10,-1")).badInput("--rates");
            CliRun.of("", args(fake, "--rates", "10,,20")).badInput("--rates");
            CliRun.of("", args(fake, "--seconds", "0")).badInput("--seconds");
            CliRun.of("", args(fake, "--warmup", "soon")).badInput("--warmup");
            CliRun.of("", args(fake, "--timeout-ms", "5")).badInput("--timeout-ms");
            CliRun.of("", args(fake, "--concurrency", "0")).badInput("--concurrency");
            CliRun.of("", args(fake, "--prefix", "a/b")).badInput("--prefix");
            CliRun.of("", args(fake, "--frobnicate")).badInput("unknown option '--frobnicate'");
            CliRun.of("", args(fake, "--app", "nope")).badInput("--app", "nope");
            CliRun.of("", args(fake, "--variant", "nope")).badInput("--variant", "nope");
            CliRun.of("", args(fake, "--app", "a/b")).badInput("--app", "a/b");
            CliRun.of("", args(fake, "--inputs", "random")).badInput("--inputs", "random");
            CliRun.of("", args(fake, "--batch", "0")).badInput("--batch");
            CliRun.of("", args(fake, "--intra-op-threads", "-1")).badInput("--intra-op-threads");
            CliRun.of("", args(fake, "--app", "vad", "--batch", "4")).badInput("--batch", "does not batch");
            CliRun.of("", args(fake, "--app", "vad", "--input-values", "rate=8000")).badInput("--input-values", "rate");
            CliRun.of("", args(fake, "--input-values", "sr")).badInput("--input-values");
            CliRun.of("", args(fake, "--app", "vad", "--inputs", "dataset")).badInput("--inputs dataset", "no validation dataset");
            assertThat(fake.inferences.get()).as("no request was sent for bad input").isZero();
        }
        CliRun.of("", "bench", "live", "--gateway", "ftp://x").badInput("--gateway", "http://");
        CliRun.of("", "bench", "live", "--gateway", "http://127.0.0.1:1").badInput("--gateway", "nothing answers");
        CliRun.of("", "bench", "live", "--gateway", "http://127.0.0.1:1,").badInput("--gateway", "separated by commas");
        CliRun.of("", "bench", "live", "--gateway", "http://127.0.0.1:1,ftp://x").badInput("--gateway", "http://");
    }

    @Test
    void severalGatewaysShareTheLoadRoundRobinAndEachIsMeasured() throws Exception {
        try (FakeSuite fake = new FakeSuite(5, false); FakeSuite second = new FakeSuite(5, false)) {
            List<String> a = new ArrayList<>(List.of(args(fake, "--rates", "40", "--raw", "--concurrency", "2")));
            a.set(a.indexOf("--gateway") + 1, fake.url() + "," + second.url());
            CliRun r = CliRun.of("", a.toArray(String[]::new));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();
            assertThat(r.out()).contains("through 2 gateways, round-robin", "gateway-b ");
            assertThat(fake.inferences.get()).isPositive();
            assertThat(second.inferences.get()).as("the second gateway got its share").isPositive();
        }
    }
}
