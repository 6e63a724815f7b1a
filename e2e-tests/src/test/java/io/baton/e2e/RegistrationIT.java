package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.DemoApplications;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Profiling;
import io.baton.cli.suite.ZooRegistration;
import io.baton.cli.zoo.Manifest;
import io.baton.cli.zoo.ZooBuilder;
import io.baton.e2e.support.DirectOrt;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.SuiteExtension;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The demo zoo registered and profiled through the real services, by the code {@code bin/baton up} runs: what the
 * registry holds afterwards, that doing it again changes nothing, and that the profiles are the profiler's real
 * measurements (accuracy equal to a direct ONNX Runtime evaluation of the same file).
 */
@ExtendWith(SuiteExtension.class)
class RegistrationIT {
    static E2eSuite e2e;

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
    }

    JsonNode get(String path) {
        JsonHttp.Response r = e2e.http().get(e2e.suite().registry().resolve(path));
        assertThat(r.status()).as("GET %s: %s", path, r.body()).isEqualTo(200);
        return r.json();
    }

    @Test
    void everyDemoApplicationIsRegisteredWithItsVariantsAndValidationSet() {
        assertThat(e2e.registered().applications()).containsExactly("fashion-single", "fashion-ensemble", "fashion-pipeline");
        for (Manifest.App app : e2e.manifest().applications()) {
            JsonNode stored = get("/v1/applications/" + app.name());
            assertThat(stored.path("kind").asText()).isEqualTo(app.kind());
            assertThat(stored.path("policy").asText()).isEqualTo(DemoApplications.policy(app.kind()));
            assertThat(stored.path("sloMs").asDouble()).isEqualTo(DemoApplications.sloMs(app.kind()));
            assertThat(stored.path("classes")).hasSize(10);

            Map<String, Integer> stages = new LinkedHashMap<>();
            Map<String, String> digests = new LinkedHashMap<>();
            stored.path("variants").forEach(v -> {
                stages.put(v.path("name").asText(), v.path("stage").asInt());
                digests.put(v.path("name").asText(), v.path("artifactDigest").asText());
            });
            Map<String, Integer> expectedStages = new LinkedHashMap<>();
            for (DemoApplications.VariantRef v : DemoApplications.variants(app)) expectedStages.put(v.name(), v.stage());
            assertThat(stages).as(app.name()).containsExactlyInAnyOrderEntriesOf(expectedStages);
            for (var d : digests.entrySet()) {
                String sha = e2e.manifest().models().stream().filter(m -> m.name().equals(d.getKey())).findFirst().orElseThrow().sha256();
                assertThat(d.getValue()).as("artifact of %s/%s is the zoo file's SHA-256", app.name(), d.getKey()).endsWith(sha);
            }

            JsonNode set = get("/v1/applications/" + app.name() + "/datasets/" + ZooRegistration.DATASET);
            assertThat(set.path("sampleCount").asInt()).isEqualTo(e2e.validation().size());
            assertThat(set.path("inputSpec").path("shape")).extracting(JsonNode::asInt).containsExactly(e2e.validation().size(), 1, 28, 28);
        }
        // The pipeline's stages are 0 (features) and 1 (two interchangeable heads).
        assertThat(e2e.variants("fashion-pipeline")).extracting(DemoApplications.VariantRef::stage).containsExactly(0, 1, 1);
    }

    @Test
    void registeringAgainChangesNothing() {
        Map<String, Long> versions = new LinkedHashMap<>();
        Map<String, Integer> variantCounts = new LinkedHashMap<>();
        for (String app : e2e.registered().applications()) {
            JsonNode a = get("/v1/applications/" + app);
            versions.put(app, a.path("version").asLong());
            variantCounts.put(app, a.path("variants").size());
        }
        long artifacts = get("/v1/artifacts?size=200").path("totalItems").asLong();

        ZooRegistration.Registered again = new ZooRegistration(e2e.http(), e2e.suite().registry(), e2e.log()).register(E2eSuite.ZOO);

        assertThat(again).isEqualTo(e2e.registered());
        for (String app : e2e.registered().applications()) {
            JsonNode a = get("/v1/applications/" + app);
            assertThat(a.path("version").asLong()).as(app).isEqualTo(versions.get(app));
            assertThat(a.path("variants").size()).as(app).isEqualTo(variantCounts.get(app));
        }
        assertThat(get("/v1/artifacts?size=200").path("totalItems").asLong()).isEqualTo(artifacts);
    }

    @Test
    void everyVariantHasAMonotoneCpuProfileAtTheRequestedBatchSizes() {
        int variants = 0;
        for (String app : e2e.registered().applications()) {
            for (JsonNode v : get("/v1/applications/" + app).path("variants")) {
                variants++;
                JsonNode profile = get("/v1/applications/" + app + "/variants/" + v.path("name").asText() + "/profiles/"
                        + Profiling.DEVICE_KIND + "/" + Profiling.PROVIDER);
                List<Integer> sizes = new ArrayList<>();
                double previous = 0;
                for (JsonNode p : profile.path("latency")) {
                    sizes.add(p.path("batchSize").asInt());
                    assertThat(p.path("p50Ms").asDouble()).as("%s/%s", app, v.path("name").asText()).isPositive().isGreaterThanOrEqualTo(previous);
                    previous = p.path("p50Ms").asDouble();
                }
                assertThat(sizes).isEqualTo(E2eSuite.PROFILING.batchSizes());
                assertThat(profile.path("alphaMs").asDouble()).isNotNegative();
                assertThat(profile.path("loadMs").asDouble()).isPositive();
            }
        }
        assertThat(e2e.profiledAtStart()).isEqualTo(variants).isEqualTo(13);
    }

    @Test
    void aClassifierProfileHoldsItsAccuracyOnTheValidationSetAsOnnxRuntimeComputesIt() throws Exception {
        String model = "fmnist-linear";
        JsonNode profile = get("/v1/applications/fashion-single/variants/" + model + "/profiles/cpu/cpu");
        var vs = e2e.validation();
        float[] probabilities;
        try (DirectOrt ort = new DirectOrt()) {
            probabilities = ort.run(e2e.onnx(model), vs.examples(), DirectOrt.shape(vs.size(), vs.dims()));
        }
        assertThat(profile.path("accuracy").asDouble()).isEqualTo(ZooBuilder.accuracy(probabilities, vs.labels()));
        assertThat(profile.path("accuracy").asDouble()).as("well above chance (0.1)").isGreaterThan(0.5);
        assertThat(profile.path("classRecall")).hasSize(10);
    }

    @Test
    void profilingAgainMeasuresNothing() {
        int measured = new Profiling(e2e.http(), e2e.suite().registry(), e2e.suite().profiler(), e2e.log())
                .profileMissing(e2e.registered().applications(), E2eSuite.PROFILING, Duration.ofMinutes(1));
        assertThat(measured).isZero();
    }

    @Test
    void theProfilerKeptEveryJobItRan() {
        URI jobs = e2e.suite().profiler().resolve("/v1/profiling-jobs");
        JsonNode list = e2e.http().get(jobs).json();
        List<String> states = new ArrayList<>();
        (list.isArray() ? list : list.path("items")).forEach(j -> states.add(j.path("state").asText()));
        assertThat(states).hasSizeGreaterThanOrEqualTo(13).containsOnly("succeeded");
    }
}
