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
 * A worker with a 32 MiB budget and eight dense models of 4 to 5.5 MiB of weights, 36.5 MiB in all. A footprint, as
 * the worker measures it, lies between the artifact's size and about three times that plus a few MB of noise (ONNX
 * Runtime keeps a copy of the initializers and pre-packs the GEMM weights; memory the allocator reuses is not seen;
 * the JVM's own heap growth during a load is), so every model fits alone and the eight cannot all stay. Every load's evictions and the resident set
 * are checked against an LRU oracle that replays the same operations on the footprints the worker reports.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.memory-budget=32MB", "baton.worker.intra-op-threads=1"})
class WorkerEvictionTest {

    static final long BUDGET = 32L * 1024 * 1024;
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
        int[] widths = {1024, 1152, 1280, 1024, 1152, 1280, 1024, 1408}; // x 1024 floats: 4 to 5.5 MiB
        for (int i = 0; i < widths.length; i++) {
            byte[] model = TestModels.dense(100 + i, widths[i], 1024);
            String digest = TestModels.store(artifacts, model);
            models.add(digest);
            artifactBytes.put(digest, model.length);
            inputWidth.put(digest, widths[i]);
        }
        tooLarge = TestModels.store(artifacts, TestModels.dense(99, 8400, 1024)); // 33 MiB of weights
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
        String a = models.get(0), b = models.get(1), c = models.get(2), d = models.get(3), e = models.get(4),
                f = models.get(5), g = models.get(6), h = models.get(7);
        use(oracle, a, false);
        use(oracle, b, true);
        use(oracle, c, false);
        use(oracle, a, true);
        use(oracle, d, true);
        use(oracle, e, false);
        use(oracle, b, true);
        use(oracle, f, true);
        use(oracle, g, false);
        use(oracle, h, true);
        use(oracle, a, true);
        use(oracle, c, false);
        use(oracle, e, true);
        long evictions = http.getForObject("/internal/v1/models", JsonNode.class).get("recentUnloads").size();
        assertThat(evictions).as("36.5 MiB of artifacts cannot all stay in 32 MiB").isGreaterThan(0);
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
        String held = models.get(2);
        try (ModelCache.Lease lease = cache.acquire(held)) {
            assertThat(lease.load()).isNotNull();
            // the held model is never touched again, so it becomes the LRU and goes before the others are all in
            List<UnloadRecord> evicted = new ArrayList<>();
            for (String other : models) {
                if (!other.equals(held)) {
                    evicted.addAll(cache.load(other).evicted());
                }
            }
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
