package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.worker.cache.ModelCache;
import io.baton.worker.cache.UnloadRecord;

/**
 * A worker with a 24 MiB budget and dense models of 1 to 4 MiB of weights (their footprints, measured by the
 * worker, are 2 to 3 times that: ONNX Runtime keeps a copy of the initializers and pre-packs the GEMM weights):
 * every load's evictions and the resident set are checked against an LRU oracle that replays the same operations
 * on the footprints the worker reports.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.memory-budget=24MB", "baton.worker.intra-op-threads=1"})
class WorkerEvictionTest {

    static final long BUDGET = 24L * 1024 * 1024;
    static final ObjectMapper JSON = new ObjectMapper();
    static Path artifacts;
    static final Map<String, Integer> artifactBytes = new LinkedHashMap<>();
    static final Map<String, Integer> inputWidth = new LinkedHashMap<>();
    static final List<String> models = new ArrayList<>();
    static String tooLarge;

    @Autowired
    TestRestTemplate http;

    @Autowired
    ModelCache cache;

    @BeforeAll
    static void writeModels() throws Exception {
        artifacts = Files.createTempDirectory("worker-eviction");
        int[] widths = {512, 1024, 768, 256, 640}; // x 1024 floats: 2, 4, 3, 1, 2.5 MiB of weights
        for (int i = 0; i < widths.length; i++) {
            byte[] model = TestModels.dense(100 + i, widths[i], 1024);
            String digest = TestModels.store(artifacts, model);
            models.add(digest);
            artifactBytes.put(digest, model.length);
            inputWidth.put(digest, widths[i]);
        }
        tooLarge = TestModels.store(artifacts, TestModels.dense(99, 6400, 1024)); // 25 MiB of weights
    }

    @AfterAll
    static void removeModels() throws Exception {
        try (var files = Files.list(artifacts)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(artifacts);
    }

    @DynamicPropertySource
    static void source(DynamicPropertyRegistry registry) {
        registry.add("baton.worker.registry-url", () -> artifacts.toUri().toString());
    }

    /** LRU over reported footprints: the order is least recently used first. */
    static final class Oracle {
        final LinkedHashMap<String, Long> resident = new LinkedHashMap<>(16, 0.75f, true);

        long bytes() {
            return resident.values().stream().mapToLong(Long::longValue).sum();
        }

        List<String> evictFor(long incoming, String keep) {
            List<String> evicted = new ArrayList<>();
            for (String d : new ArrayList<>(resident.keySet())) {
                if (bytes() + incoming <= BUDGET) {
                    break;
                }
                if (!d.equals(keep)) {
                    resident.remove(d);
                    evicted.add(d);
                }
            }
            return evicted;
        }
    }

    ResponseEntity<JsonNode> post(String path, JsonNode body) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange(path, HttpMethod.POST, new HttpEntity<>(body.toString(), headers), JsonNode.class);
    }

    /** Loads (explicitly, or through a batch) and checks evictions and the resident set against the oracle. */
    void use(Oracle oracle, String digest, boolean viaBatch) {
        JsonNode load;
        if (viaBatch) {
            ObjectNode request = JSON.createObjectNode().put("variant", digest);
            ObjectNode part = request.putArray("inputs").addObject().put("name", "x").put("datatype", "FP32")
                    .putArray("parts").addObject();
            part.putArray("shape").add(1).add(inputWidth.get(digest));
            var data = part.putArray("data");
            for (int i = 0; i < inputWidth.get(digest); i++) {
                data.add(0.01 * i);
            }
            ResponseEntity<JsonNode> response = post("/internal/v1/batches", request);
            assertThat(response.getStatusCode().value()).isEqualTo(200);
            load = response.getBody().get("load"); // absent on a hit
        } else {
            load = post("/internal/v1/models/" + digest + "/load", JSON.createObjectNode()).getBody();
            if (load.get("alreadyLoaded").asBoolean()) {
                load = null;
            }
        }
        List<String> expectedEvicted = new ArrayList<>();
        if (oracle.resident.containsKey(digest)) {
            assertThat(load).as("a resident model is not loaded again").isNull();
            oracle.resident.get(digest); // touch
        } else {
            assertThat(load).as("a model not resident is loaded").isNotNull();
            expectedEvicted.addAll(oracle.evictFor(artifactBytes.get(digest), null));
            long footprint = load.get("model").get("footprintBytes").asLong();
            assertThat(footprint).isGreaterThanOrEqualTo(artifactBytes.get(digest));
            oracle.resident.put(digest, footprint);
            expectedEvicted.addAll(oracle.evictFor(0, digest));
            List<String> evicted = load.get("evicted").findValuesAsText("digest");
            assertThat(evicted).as("evicted, least recently used first").isEqualTo(expectedEvicted);
            load.get("evicted").forEach(e -> {
                assertThat(e.get("reason").asText()).isEqualTo("evicted");
                assertThat(e.get("unloadMs").asDouble()).isPositive();
            });
        }
        JsonNode state = http.getForObject("/internal/v1/models", JsonNode.class);
        List<String> mostRecentFirst = new ArrayList<>(oracle.resident.keySet());
        java.util.Collections.reverse(mostRecentFirst);
        assertThat(state.get("models").findValuesAsText("digest")).isEqualTo(mostRecentFirst);
        assertThat(state.get("residentBytes").asLong()).isEqualTo(oracle.bytes()).isLessThanOrEqualTo(BUDGET);
    }

    @Test
    void evictsTheLeastRecentlyUsedAsTheOracleDoes() {
        models.forEach(m -> http.delete("/internal/v1/models/" + m));
        Oracle oracle = new Oracle();
        String a = models.get(0), b = models.get(1), c = models.get(2), d = models.get(3), e = models.get(4);
        use(oracle, a, false);
        use(oracle, d, true);
        use(oracle, b, false);
        use(oracle, a, true);
        use(oracle, c, true);
        use(oracle, d, false);
        use(oracle, e, true);
        use(oracle, a, true);
        use(oracle, b, true);
        use(oracle, d, true);
        long evictions = http.getForObject("/internal/v1/models", JsonNode.class).get("recentUnloads").size();
        assertThat(evictions).as("five models of 1 to 4 MiB, each 2-3 times that resident, cannot all stay in 24 MiB").isGreaterThan(0);
    }

    @Test
    void aModelLargerThanTheWholeBudgetIsRefused() {
        ResponseEntity<JsonNode> response = post("/internal/v1/models/" + tooLarge + "/load", JSON.createObjectNode());
        assertThat(response.getStatusCode().value()).isEqualTo(507);
        assertThat(response.getBody().get("field").asText()).isEqualTo("variant");
        assertThat(response.getBody().get("detail").asText()).contains("memory budget of " + BUDGET + " bytes");
    }

    @Test
    void aModelEvictedWhileABatchHoldsItClosesWhenTheBatchLetsGo() {
        models.forEach(m -> http.delete("/internal/v1/models/" + m));
        String held = models.get(1); // 4 MiB
        try (ModelCache.Lease lease = cache.acquire(held)) {
            assertThat(lease.load()).isNotNull();
            var report = cache.load(models.get(4)); // 2.5 MiB
            var report2 = cache.load(models.get(2)); // 3 MiB more: over budget, and the held model is the LRU
            List<UnloadRecord> evicted = new ArrayList<>(report.evicted());
            evicted.addAll(report2.evicted());
            UnloadRecord heldEviction = evicted.stream().filter(r -> r.digest().equals(held)).findFirst().orElseThrow();
            assertThat(heldEviction.unloadMs()).as("closing deferred while the batch runs").isNull();
            assertThat(cache.models().stream().map(m -> m.digest())).doesNotContain(held);
            assertThat(lease.model().session().getInputNames()).containsExactly("x"); // still usable
        }
        UnloadRecord closed = cache.recentUnloads().get(0);
        assertThat(closed.digest()).isEqualTo(held);
        assertThat(closed.unloadMs()).isNotNull();
    }
}
