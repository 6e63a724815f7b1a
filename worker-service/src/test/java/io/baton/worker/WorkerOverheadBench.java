package io.baton.worker;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;

/**
 * Measures (does not assert) what a worker adds over ONNX Runtime: model load and unload time, and the round trip
 * of {@code POST /internal/v1/batches} (JSON and base64 inputs) against a direct {@code session.run} on the same
 * inputs, p50/p99 over a few hundred calls. Off by default; run it with
 * {@code mvn -o -q -pl scheduling-core,worker-service test -Dtest=WorkerOverheadBench -Dsurefire.failIfNoSpecifiedTests=false -Dbaton.bench=true}
 * and read the table in {@code worker-service/target/surefire-reports/io.baton.worker.WorkerOverheadBench-output.txt}.
 */
@EnabledIfSystemProperty(named = "baton.bench", matches = "true")
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.intra-op-threads=1", "logging.level.root=WARN"})
class WorkerOverheadBench {

    static final int WARMUP = 100;
    static final int CALLS = 500;
    static final ObjectMapper JSON = new ObjectMapper();
    static Path artifacts;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void source(DynamicPropertyRegistry registry) throws Exception {
        artifacts = Files.createTempDirectory("worker-bench");
        registry.add("baton.worker.registry-url", () -> artifacts.toUri().toString());
    }

    @Test
    void overheadOfTheHttpEndpointOverADirectRun() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + port + "/internal/v1";
        System.out.printf(Locale.ROOT, "cores=%d load average=%s%n", Runtime.getRuntime().availableProcessors(),
                Files.readString(Path.of("/proc/loadavg")).trim());

        byte[] conv = TestModels.convClassifier(11, 8);
        loadUnload(client, base, "conv8", conv);
        loadUnload(client, base, "dense1024x1024", TestModels.dense(2, 1024, 1024));

        for (int batch : new int[] {1, 8}) {
            bench(client, base, "dense784x10", TestModels.dense(1, 784, 10), "x", new long[] {batch, 784});
            bench(client, base, "conv8", conv, "image", new long[] {batch, 1, 28, 28});
        }
    }

    /** Loads and unloads the model 20 times through the HTTP API and prints the worker's timings. */
    private void loadUnload(HttpClient client, String base, String name, byte[] model) throws Exception {
        String digest = TestModels.store(artifacts, model);
        double[] load = new double[20];
        double[] unload = new double[20];
        long footprint = 0;
        for (int i = 0; i < load.length; i++) {
            JsonNode l = JSON.readTree(send(client, base + "/models/" + digest + "/load", "{}"));
            load[i] = l.get("model").get("loadMs").asDouble();
            footprint = Math.max(footprint, l.get("model").get("footprintBytes").asLong());
            HttpResponse<String> u = client.send(HttpRequest.newBuilder(URI.create(base + "/models/" + digest))
                    .DELETE().build(), HttpResponse.BodyHandlers.ofString());
            unload[i] = JSON.readTree(u.body()).get("unloadMs").asDouble();
        }
        System.out.printf(Locale.ROOT, "%s (%d bytes, footprint up to %d): load p50 %.2f ms p99 %.2f ms; "
                        + "unload p50 %.3f ms p99 %.3f ms%n",
                name, model.length, footprint, pct(load, 50), pct(load, 99), pct(unload, 50), pct(unload, 99));
    }

    private void bench(HttpClient client, String base, String name, byte[] model, String input, long[] shape)
            throws Exception {
        String digest = TestModels.store(artifacts, model);
        float[] data = TestModels.fashionImages((int) shape[0]);
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        double[] direct = new double[CALLS];
        try (OrtSession.SessionOptions opts = new OrtSession.SessionOptions()) {
            opts.setIntraOpNumThreads(1);
            try (OrtSession session = env.createSession(model, opts)) {
                for (int i = -WARMUP; i < CALLS; i++) {
                    long t = System.nanoTime();
                    try (OnnxTensor x = OnnxTensor.createTensor(env, FloatBuffer.wrap(data), shape);
                         OrtSession.Result r = session.run(Map.of(input, x))) {
                        ((OnnxTensor) r.get(0)).getFloatBuffer();
                    }
                    if (i >= 0) {
                        direct[i] = (System.nanoTime() - t) / 1e6;
                    }
                }
            }
        }
        String shapeJson = Arrays.toString(shape);
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < data.length; i++) {
            values.append(i == 0 ? "" : ",").append(data[i]);
        }
        String jsonBody = "{\"variant\":\"" + digest + "\",\"inputs\":[{\"name\":\"" + input
                + "\",\"datatype\":\"FP32\",\"parts\":[{\"shape\":" + shapeJson + ",\"data\":[" + values + "]}]}]}";
        ByteBuffer le = ByteBuffer.allocate(data.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        le.asFloatBuffer().put(data);
        String binaryBody = "{\"variant\":\"" + digest + "\",\"binaryOutputs\":true,\"inputs\":[{\"name\":\"" + input
                + "\",\"datatype\":\"FP32\",\"parts\":[{\"shape\":" + shapeJson + ",\"base64\":\""
                + Base64.getEncoder().encodeToString(le.array()) + "\"}]}]}";
        for (String[] variant : new String[][] {{"json", jsonBody}, {"base64", binaryBody}}) {
            double[] roundTrip = new double[CALLS];
            double[] execution = new double[CALLS];
            for (int i = -WARMUP; i < CALLS; i++) {
                long t = System.nanoTime();
                String response = send(client, base + "/batches", variant[1]);
                double ms = (System.nanoTime() - t) / 1e6;
                if (i >= 0) {
                    roundTrip[i] = ms;
                    execution[i] = JSON.readTree(response).get("timing").get("executionMs").asDouble();
                }
            }
            System.out.printf(Locale.ROOT,
                    "%-12s batch %d %-6s direct run p50 %.3f p99 %.3f | worker run p50 %.3f p99 %.3f | "
                            + "HTTP round trip p50 %.3f p99 %.3f | overhead p50 %.3f ms%n",
                    name, shape[0], variant[0], pct(direct, 50), pct(direct, 99), pct(execution, 50),
                    pct(execution, 99), pct(roundTrip, 50), pct(roundTrip, 99), pct(roundTrip, 50) - pct(direct, 50));
        }
    }

    private static String send(HttpClient client, String url, String body) throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(response.body());
        }
        return response.body();
    }

    private static double pct(double[] values, int p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }
}
