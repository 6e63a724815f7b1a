package io.baton.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Path;

import io.baton.profiler.support.AnyModels;
import io.baton.profiler.support.Registry;
import io.baton.profiler.support.RegistryProcess;

/**
 * Profiling on registration, against a real registry-service process: a variant registered with no profile gets
 * one without anyone submitting a job (a multi-input, non-batching model with an INT64 scalar, the same reading the
 * scalar's value as fed from the variant's inputValues, and a model whose free height and width the variant declares); one with a free dimension nobody sizes is refused by name, both
 * when a job is asked for and by the loop, which leaves it alone. UINT16, UINT32 and UINT64 inputs, which ONNX
 * Runtime's public Java API makes no tensors of, are profiled too.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.profiler.auto-profile.enabled=true",
        "baton.profiler.auto-profile.interval=200ms",
        "baton.profiler.batch-sizes=1,2,4",
        "baton.profiler.repetitions=3",
        "baton.profiler.warmup=1",
        "baton.profiler.interference.enabled=false"})
class AutoProfileTest {

    static final String APP = "any";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static RegistryProcess registryProcess;
    static Registry registry;

    @Autowired
    TestRestTemplate http;

    @BeforeAll
    static void startRegistry() throws Exception {
        registryProcess = RegistryProcess.start(dir.resolve("registry"));
        registry = new Registry(registryProcess.url());
        Map<String, Object> app = new LinkedHashMap<>();
        app.put("name", APP);
        app.put("kind", "single");
        app.put("policy", "symphony");
        app.put("sloMs", 100);
        registry.post("/v1/applications", app);
    }

    @DynamicPropertySource
    static void registryUrl(DynamicPropertyRegistry properties) {
        properties.add("baton.profiler.registry-url", () -> registryProcess.url().toString());
    }

    @AfterAll
    static void stopRegistry() {
        if (registryProcess != null) registryProcess.close();
    }

    static Map<String, Object> spec(String name, String datatype, List<Integer> shape) {
        return Map.of("name", name, "datatype", datatype, "shape", shape);
    }

    @Test
    void registeredVariantsGetAProfileWithoutAJobBeingAskedFor() throws Exception {
        String vad = registry.upload(AnyModels.vadLike(), "onnx");
        registry.post("/v1/applications/" + APP + "/variants", Map.of("name", "vad", "artifactDigest", vad,
                "inputs", List.of(spec("input", "FP32", List.of(1, 512)), spec("state", "FP32", List.of(2, 1, 128)),
                        spec("sr", "INT64", List.of()))));
        // a model that fails on any sample rate but 16000, profiled at the value its variant gives sr
        String rate = registry.upload(AnyModels.vadReadingTheRate(), "onnx");
        registry.post("/v1/applications/" + APP + "/variants", Map.of("name", "vad-rate", "artifactDigest", rate,
                "inputs", List.of(spec("input", "FP32", List.of(1, 512)), spec("state", "FP32", List.of(2, 1, 128)),
                        spec("sr", "INT64", List.of())), "inputValues", Map.of("sr", 16_000)));
        String ocr = registry.upload(AnyModels.ocrLike(), "onnx");
        registry.post("/v1/applications/" + APP + "/variants", Map.of("name", "ocr", "artifactDigest", ocr,
                "inputs", List.of(spec("x", "FP32", List.of(-1, 3, 48, 192)))));

        JsonNode vadProfile = awaitProfile("vad");
        assertThat(vadProfile.get("latency")).hasSize(1);
        assertThat(vadProfile.get("latency").get(0).get("batchSize").asInt()).isEqualTo(1);
        assertThat(vadProfile.get("loadMs").asDouble()).isPositive();
        assertThat(vadProfile.get("accuracy").isNull()).isTrue();
        assertThat(awaitProfile("vad-rate").get("latency").get(0).get("p50Ms").asDouble()).isPositive();
        JsonNode ocrProfile = awaitProfile("ocr");
        assertThat(ocrProfile.get("latency")).extracting(p -> p.get("batchSize").asInt()).containsExactly(1, 2, 4);
    }

    @Test
    void unsignedInputsAreProfiledWhenAJobIsAskedFor() throws Exception {
        String unsigned = registry.upload(AnyModels.unsigned(), "onnx");
        registry.post("/v1/applications/" + APP + "/variants", Map.of("name", "unsigned", "artifactDigest", unsigned,
                "inputValues", Map.of("u64", new java.math.BigInteger("18446744073709551615"))));

        ResponseEntity<String> r = post(Map.of("application", APP, "variant", "unsigned"));
        // accepted: a new job, or the one the loop already started for it (no 422 for the datatypes)
        assertThat(r.getStatusCode().value()).as(r.getBody()).isEqualTo(202);
        JsonNode profile = awaitProfile("unsigned");
        assertThat(profile.get("latency")).extracting(p -> p.get("batchSize").asInt()).containsExactly(1, 2, 4);
        assertThat(profile.get("loadMs").asDouble()).isPositive();
    }

    @Test
    void aFreeDimensionNobodySizesIsRefusedNamingTheInputAndTheDimension() throws Exception {
        String free = registry.upload(AnyModels.ocrLike(), "onnx");
        registry.post("/v1/applications/" + APP + "/variants", Map.of("name", "free", "artifactDigest", free));

        ResponseEntity<String> r = post(Map.of("application", APP, "variant", "free"));
        ProfilingJobTest.assertProblem(r, 422, "variant");
        assertThat(JSON.readTree(r.getBody()).get("detail").asText())
                .contains("variant free", "input x", "dimension 2", "declare its size in the variant's inputs");

        Thread.sleep(1_000); // several passes of the loop: it starts no job for it
        JsonNode jobs = JSON.readTree(http.getForEntity("/v1/profiling-jobs", String.class).getBody());
        for (JsonNode job : jobs) assertThat(job.get("variants").toString()).doesNotContain("\"free\"");
    }

    JsonNode awaitProfile(String variant) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (true) {
            JsonNode v = registry.get("/v1/applications/" + APP + "/variants/" + variant);
            for (JsonNode p : v.get("profiles")) {
                if ("cpu".equals(p.get("deviceKind").asText()) && "cpu".equals(p.get("executionProvider").asText())) return p;
            }
            if (System.nanoTime() > end) throw new AssertionError("no profile of " + variant + " appeared: " + v);
            Thread.sleep(200);
        }
    }

    ResponseEntity<String> post(Object body) throws Exception {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.postForEntity("/v1/profiling-jobs", new HttpEntity<>(JSON.writeValueAsString(body), headers), String.class);
    }
}
