import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Measures the registry's hot read, GET /v1/applications/{name} (the application with its variants and all their
 * profiles), against a running registry-service. Seeds one ensemble application with VARIANTS variants of two
 * profiles each (uploading a hand-encoded ONNX Identity model per variant), then issues READS sequential reads
 * after WARMUP unmeasured ones, and prints p50 / p99 / max in ms.
 *
 *   java registry-service/bench/HotRead.java [baseUrl=http://127.0.0.1:8081] [variants=8] [reads=5000] [warmup=1000]
 */
public class HotRead {

    public static void main(String[] args) throws Exception {
        String base = args.length > 0 ? args[0] : "http://127.0.0.1:8081";
        int variants = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int reads = args.length > 2 ? Integer.parseInt(args[2]) : 5000;
        int warmup = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
        HttpClient http = HttpClient.newHttpClient();
        String app = "hot-read-" + System.currentTimeMillis();

        send(http, json(base + "/v1/applications", "POST", """
            {"name":"%s","kind":"ensemble","policy":"schemble","sloMs":100,
             "inputs":[{"name":"x","datatype":"FP32","shape":[-1,4]}],
             "outputs":[{"name":"y","datatype":"FP32","shape":[-1,4]}],"classes":["a","b","c","d"]}""".formatted(app)), 201);
        String profile = """
            {"latency":[{"batchSize":1,"p50Ms":2,"p99Ms":3},{"batchSize":2,"p50Ms":3,"p99Ms":4},
              {"batchSize":4,"p50Ms":5,"p99Ms":6},{"batchSize":8,"p50Ms":9,"p99Ms":11},
              {"batchSize":16,"p50Ms":17,"p99Ms":20},{"batchSize":32,"p50Ms":33,"p99Ms":38},
              {"batchSize":64,"p50Ms":65,"p99Ms":70}],
             "loadMs":40,"memoryBytes":12345678,"accuracy":0.88,"classRecall":[0.9,0.8,0.85,0.97],
             "confusionMatrix":[[90,5,5,0],[10,80,5,5],[5,5,85,5],[1,1,1,97]]}""";
        for (int v = 0; v < variants; v++) {
            HttpResponse<String> up = send(http, HttpRequest.newBuilder(URI.create(base + "/v1/artifacts"))
                    .header("Content-Type", "application/octet-stream")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(identityModel(app + "-" + v))).build(), -1);
            String digest = up.body().replaceAll("(?s).*\"digest\":\"([0-9a-f]{64})\".*", "$1");
            send(http, json(base + "/v1/applications/" + app + "/variants", "POST",
                    "{\"name\":\"v" + v + "\",\"artifactDigest\":\"" + digest + "\"}"), 201);
            for (String device : new String[] {"cpu/cpu", "gpu-h100/cuda"}) {
                send(http, json(base + "/v1/applications/" + app + "/variants/v" + v + "/profiles/" + device, "PUT", profile), 201);
            }
        }

        HttpRequest read = HttpRequest.newBuilder(URI.create(base + "/v1/applications/" + app)).GET().build();
        int bytes = 0;
        for (int i = 0; i < warmup; i++) bytes = send(http, read, 200).body().length();
        double[] ms = new double[reads];
        for (int i = 0; i < reads; i++) {
            long t0 = System.nanoTime();
            send(http, read, 200);
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        System.out.printf("GET /v1/applications/{name}: %d variants x 2 profiles, %d bytes, %d reads after %d warm-up%n",
                variants, bytes, reads, warmup);
        System.out.printf("p50 %.2f ms  p90 %.2f ms  p99 %.2f ms  max %.2f ms%n",
                ms[reads / 2], ms[(int) (reads * 0.90)], ms[(int) Math.ceil(reads * 0.99) - 1], ms[reads - 1]);
    }

    static HttpRequest json(String url, String method, String body) {
        return HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build();
    }

    static HttpResponse<String> send(HttpClient http, HttpRequest request, int expected) throws Exception {
        HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (expected > 0 && r.statusCode() != expected || r.statusCode() >= 300) {
            throw new IllegalStateException(request.method() + " " + request.uri() + " -> " + r.statusCode() + " " + r.body());
        }
        return r;
    }

    /** y = Identity(x), FP32 [N, 4]: ModelProto{ir_version 8, producer, graph, opset 13} in protobuf wire format. */
    static byte[] identityModel(String producer) {
        byte[] dims = cat(msg(1, msg(2, str(1, "N"))), msg(1, varint(1, 4)));
        byte[] type = msg(2, msg(1, cat(varint(1, 1), msg(2, dims))));
        byte[] node = cat(str(1, "x"), str(2, "y"), str(4, "Identity"));
        byte[] graph = cat(msg(1, node), str(2, "g"), msg(11, cat(str(1, "x"), type)), msg(12, cat(str(1, "y"), type)));
        return cat(varint(1, 8), str(2, producer), msg(7, graph), msg(8, cat(str(1, ""), varint(2, 13))));
    }

    static byte[] varint(int field, long v) { return cat(raw((long) field << 3), raw(v)); }
    static byte[] str(int field, String s) { return msg(field, s.getBytes(StandardCharsets.UTF_8)); }
    static byte[] msg(int field, byte[] b) { return cat(raw(((long) field << 3) | 2), raw(b.length), b); }

    static byte[] raw(long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((v & ~0x7FL) != 0) { out.write((int) ((v & 0x7F) | 0x80)); v >>>= 7; }
        out.write((int) v);
        return out.toByteArray();
    }

    static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }
}
