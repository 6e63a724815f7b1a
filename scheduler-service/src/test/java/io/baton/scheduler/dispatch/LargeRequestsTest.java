package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.commons.test.RegistryStub;
import io.baton.scheduler.support.WorkerProcess;

/**
 * Two concurrent 60 MB binary requests (19,000 Fashion-MNIST-sized rows each, 80 MB of base64 in the body) through
 * the real scheduler to a real worker: each is served or refused with the budget's 503, and the scheduler goes on
 * answering. Run with {@code -DargLine=-Xmx512m} (the heap {@code bin/baton up} and compose give the scheduler) it is
 * the reproduction of the heap exhaustion that two such requests caused before the scheduler had a budget for bodies.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.catalog-ttl=0s"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LargeRequestsTest {

    /** 18,999 rows of 784 floats: 59.6 MB, a multiple of 3 bytes so that its base64 is one 16-character cycle. */
    static final int ROWS = 18_999, FEATURES = 784;
    private static final RegistryStub REGISTRY = RegistryStub.started();

    @DynamicPropertySource
    static void registry(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.registry-url", () -> REGISTRY.url().toString());
    }

    @TempDir
    static Path dir;
    @LocalServerPort
    int port;
    @Autowired
    WorkerRegistry workers;

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private WorkerProcess worker;

    @BeforeAll
    void start() throws Exception {
        GraphBuilder g = new GraphBuilder("wide");
        String x = g.input("x", Dim.BATCH, Dim.of(FEATURES));
        float[] w = new float[FEATURES];
        java.util.Arrays.fill(w, 1f / FEATURES);
        g.output(g.matMul(x, g.weights("w", new long[] {FEATURES, 1}, w)), "y", Dim.BATCH, Dim.of(1));
        byte[] model = g.build().toBytes();
        String digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(model));
        Files.createDirectories(dir.resolve("artifacts"));
        Files.write(dir.resolve("artifacts").resolve(digest + ".onnx"), model);
        REGISTRY.put("wide", RegistryStub.singleApp("wide", "symphony", 60_000, "v1", digest,
                        new double[][] {{1, 1.0}, {32, 4.0}})
                .replace("[-1,4]", "[-1," + FEATURES + "]").replace("[-1,3]", "[-1,1]"));
        worker = WorkerProcess.start("-Xmx1g", "cpu-wide", dir.resolve("artifacts"), URI.create("http://127.0.0.1:" + port),
                dir.resolve("logs"));
        WorkerProcess.awaitLive(workers, 1, List.of(worker), Duration.ofSeconds(90));
    }

    @AfterAll
    void stop() throws Exception {
        if (worker != null) worker.close();
        REGISTRY.close();
    }

    /**
     * The request body as a stream of known length: every float 1.0, whose little-endian bytes (00 00 80 3F) repeat
     * in base64 every 12 bytes. Generated as it is sent, so that the client, in this JVM, holds none of it.
     */
    private static HttpRequest.BodyPublisher body() {
        byte[] head = """
                {"application":"wide","timeoutMs":60000,"binaryOutputs":true,
                 "inputs":[{"name":"x","datatype":"FP32","shape":[%d,%d],"base64":\"""".formatted(ROWS, FEATURES)
                .getBytes(StandardCharsets.US_ASCII);
        byte[] tail = "\"}]}".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer twelve = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putFloat(1f).putFloat(1f).putFloat(1f);
        byte[] cycle = Base64.getEncoder().encode(twelve.array());
        long cycles = (long) ROWS * FEATURES * 4 / 12;
        long length = head.length + cycles * cycle.length + tail.length;
        return HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(() -> new InputStream() {
            long at;

            @Override
            public int read() {
                if (at >= length) return -1;
                long i = at++;
                if (i < head.length) return head[(int) i];
                i -= head.length;
                if (i < cycles * cycle.length) return cycle[(int) (i % cycle.length)];
                return tail[(int) (i - cycles * cycle.length)];
            }
        }), length);
    }

    @Test
    void twoConcurrentSixtyMegabyteRequestsAreEachServedOrRefusedAndTheSchedulerGoesOn() throws Exception {
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        System.gc();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            answers.add(http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/v1/infer"))
                            .timeout(Duration.ofSeconds(90)).header("Content-Type", "application/json")
                            .POST(body()).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        int served = 0;
        for (CompletableFuture<HttpResponse<String>> a : answers) {
            HttpResponse<String> r = a.get();
            String start = r.body().length() > 400 ? r.body().substring(0, 400) : r.body();
            System.out.println("large request answered " + r.statusCode() + ": " + start);
            if (r.statusCode() == 200) {
                served++;
                assertThat(json.readTree(r.body()).path("batchSize").asInt()).isEqualTo(1);
            } else {
                assertThat(r.statusCode()).as(start).isEqualTo(503);
                JsonNode problem = json.readTree(r.body());
                assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:bodies-in-flight");
                assertThat(problem.get("detail").asText()).contains("baton.scheduler.request-bodies.max-in-flight");
            }
        }
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf("large requests: %d served, scheduler JVM heap peak %d MB of max %d MB%n", served, peak >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
        assertThat(served).as("one at least is within the budget").isPositive();
        HttpResponse<String> health = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/actuator/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(200);
    }
}
