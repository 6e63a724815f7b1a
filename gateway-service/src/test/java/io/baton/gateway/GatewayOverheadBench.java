package io.baton.gateway;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * What the gateway adds to a request's latency: the same 1×784 FP32 request sent straight to a stub scheduler's
 * {@code /internal/v1/infer} and through the gateway's {@code /v2/models/{app}/infer} (JSON, and binary tensor data),
 * one at a time and then open-loop (Poisson arrivals) at 30% of the gateway's measured capacity. Prints p50/p99; the
 * difference of the p50s is the gateway's share. Off by default: {@code -Dbaton.bench=true}.
 */
@EnabledIfSystemProperty(named = "baton.bench", matches = "true")
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "logging.level.root=WARN")
class GatewayOverheadBench {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final int ELEMENTS = 784;

    static {
        String in = Apps.spec("input", "FP32", "[-1,1,28,28]");
        String out = Apps.spec("probabilities", "FP32", "[-1,10]");
        REGISTRY.application("fmnist", Apps.application("fmnist", "single", "{}", 10_000, in, out,
                Apps.variant("conv8", 0, in, out)));
        SCHEDULER.application("fmnist", "single", Map.of("conv8", new StubScheduler.Model(List.of("input"),
                List.of("probabilities"), x -> Map.of("probabilities", new double[10]))));
        SCHEDULER.recording = false;
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void overhead() throws Exception {
        float[] pixels = new float[ELEMENTS];
        Random random = new Random(1);
        for (int i = 0; i < ELEMENTS; i++) {
            pixels[i] = random.nextFloat();
        }
        ByteBuffer bytes = ByteBuffer.allocate(ELEMENTS * 4).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(pixels);
        String shape = "[1,1,28,28]";
        String direct = "{\"application\":\"fmnist\",\"variant\":\"conv8\",\"timeoutMs\":10000,\"priority\":0,"
                + "\"inputs\":[{\"name\":\"input\",\"datatype\":\"FP32\",\"shape\":" + shape + ",\"base64\":\""
                + Base64.getEncoder().encodeToString(bytes.array()) + "\"}],\"binaryOutputs\":true}";
        String oip = "{\"inputs\":[{\"name\":\"input\",\"datatype\":\"FP32\",\"shape\":" + shape + ",\"data\":"
                + Arrays.toString(pixels) + "}]}";
        byte[] header = ("{\"inputs\":[{\"name\":\"input\",\"datatype\":\"FP32\",\"shape\":" + shape
                + ",\"parameters\":{\"binary_data_size\":" + ELEMENTS * 4 + "}}],"
                + "\"outputs\":[{\"name\":\"probabilities\",\"parameters\":{\"binary_data\":true}}]}")
                .getBytes(StandardCharsets.UTF_8);
        byte[] binary = ByteBuffer.allocate(header.length + ELEMENTS * 4).put(header).put(bytes.array()).array();

        Supplier<HttpRequest> toScheduler = () -> HttpRequest.newBuilder(URI.create(SCHEDULER.url()
                + "/internal/v1/infer")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(direct)).build();
        Supplier<HttpRequest> jsonToGateway = () -> HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/v2/models/fmnist/infer")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(oip)).build();
        Supplier<HttpRequest> binaryToGateway = () -> HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/v2/models/fmnist/infer")).header("Content-Type", "application/octet-stream")
                .header("Inference-Header-Content-Length", String.valueOf(header.length))
                .POST(HttpRequest.BodyPublishers.ofByteArray(binary)).build();

        for (Supplier<HttpRequest> warm : List.of(toScheduler, jsonToGateway, binaryToGateway)) {
            sequential(warm, 2000);
        }
        System.out.printf("%n%-44s %8s %8s%n", "one request at a time (2000 each)", "p50 ms", "p99 ms");
        double[] s = sequential(toScheduler, 2000);
        double[] j = sequential(jsonToGateway, 2000);
        double[] b = sequential(binaryToGateway, 2000);
        double[] inside = insideGateway(jsonToGateway, 2000);
        row("stub scheduler directly", s);
        row("through the gateway, JSON tensors", j);
        row("through the gateway, binary tensors", b);
        row("  JSON: receipt to answer inside the gateway", inside);
        System.out.printf("%-44s %8.3f%n", "gateway added, JSON (p50 difference)", pct(j, 50) - pct(s, 50));
        System.out.printf("%-44s %8.3f%n", "gateway added, binary (p50 difference)", pct(b, 50) - pct(s, 50));

        double capacity = capacity(jsonToGateway, 4, 3);
        double rate = 0.3 * capacity;
        System.out.printf("%ngateway capacity, JSON, 4 clients: %.0f req/s; open loop at 30%%: %.0f req/s%n",
                capacity, rate);
        double[] so = openLoop(toScheduler, rate, 2000);
        double[] jo = openLoop(jsonToGateway, rate, 2000);
        double[] bo = openLoop(binaryToGateway, rate, 2000);
        row("stub scheduler directly", so);
        row("through the gateway, JSON tensors", jo);
        row("through the gateway, binary tensors", bo);
        System.out.printf("%-44s %8.3f%n", "gateway added, JSON (p50 difference)", pct(jo, 50) - pct(so, 50));
        System.out.printf("%-44s %8.3f%n", "gateway added, binary (p50 difference)", pct(bo, 50) - pct(so, 50));
        System.out.printf("load average %s%n", java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg"))
                .trim());
    }

    double[] sequential(Supplier<HttpRequest> request, int n) throws Exception {
        double[] ms = new double[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            HttpResponse<byte[]> r = http.send(request.get(), HttpResponse.BodyHandlers.ofByteArray());
            ms[i] = (System.nanoTime() - t0) / 1e6;
            if (r.statusCode() != 200) {
                throw new AssertionError(r.statusCode() + " " + new String(r.body(), StandardCharsets.UTF_8));
            }
        }
        return ms;
    }

    /** The gateway's own {@code total_ms}: from receipt to the answer assembled, the scheduler call included. */
    double[] insideGateway(Supplier<HttpRequest> request, int n) throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        double[] ms = new double[n];
        for (int i = 0; i < n; i++) {
            HttpResponse<byte[]> r = http.send(request.get(), HttpResponse.BodyHandlers.ofByteArray());
            ms[i] = json.readTree(r.body()).at("/parameters/total_ms").asDouble();
        }
        return ms;
    }

    double capacity(Supplier<HttpRequest> request, int clients, int seconds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        AtomicInteger done = new AtomicInteger();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<java.util.concurrent.Future<?>> workers = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            workers.add(pool.submit(() -> {
                while (System.nanoTime() < end) {
                    http.send(request.get(), HttpResponse.BodyHandlers.discarding());
                    done.incrementAndGet();
                }
                return null;
            }));
        }
        for (var w : workers) {
            w.get();
        }
        pool.shutdown();
        return done.get() / (double) seconds;
    }

    double[] openLoop(Supplier<HttpRequest> request, double rate, int n) throws Exception {
        Random random = new Random(7);
        double[] ms = new double[n];
        List<CompletableFuture<Void>> pending = new ArrayList<>(n);
        long next = System.nanoTime();
        for (int i = 0; i < n; i++) {
            next += (long) (-Math.log(1 - random.nextDouble()) / rate * 1e9);
            long wait = next - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            int k = i;
            long t0 = System.nanoTime();
            pending.add(http.sendAsync(request.get(), HttpResponse.BodyHandlers.discarding())
                    .thenAccept(r -> ms[k] = (System.nanoTime() - t0) / 1e6));
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();
        return ms;
    }

    static void row(String what, double[] ms) {
        System.out.printf("%-44s %8.3f %8.3f%n", what, pct(ms, 50), pct(ms, 99));
    }

    static double pct(double[] ms, double p) {
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100 * sorted.length) - 1)];
    }
}
