import io.baton.cli.zoo.ValidationSet;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * End-to-end time of profiling each zoo classifier with profiler-service's default settings: registers the zoo's
 * classifiers and validation set in a registry (application {@code fashion-bench}), then submits one job per variant
 * and times it from submission until the poll sees it finished (download, load, 7 batch sizes × (3 + 20) runs,
 * accuracy on the validation set, the write to the registry).
 *
 * <pre>
 *   bin/baton zoo build --out /tmp/zoo
 *   java -jar registry-service/target/registry-service-*.jar --spring.profiles.active=embedded --baton.internal.auth=disabled &amp;
 *   java -jar profiler-service/target/profiler-service-*.jar --baton.internal.auth=disabled &amp;
 *   java -cp "baton-cli/target/classes:baton-cli/target/lib/*" profiler-service/bench/ProfileZoo.java \
 *       http://127.0.0.1:8081 http://127.0.0.1:8083 /tmp/zoo
 * </pre>
 */
public class ProfileZoo {
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final List<String> MODELS = List.of("fmnist-tiny", "fmnist-linear", "fmnist-conv8", "fmnist-conv32",
            "fmnist-wide", "fmnist-deep");
    static final String APP = "fashion-bench";

    public static void main(String[] args) throws Exception {
        String registry = args[0], profiler = args[1];
        Path zoo = Path.of(args[2]);
        String classes = "[\"T-shirt/top\",\"Trouser\",\"Pullover\",\"Dress\",\"Coat\",\"Sandal\",\"Shirt\",\"Sneaker\",\"Bag\",\"Ankle boot\"]";
        send(registry + "/v1/applications", "{\"name\":\"" + APP + "\",\"kind\":\"single\",\"policy\":\"symphony\",\"sloMs\":100,"
                + "\"inputs\":[{\"name\":\"input\",\"datatype\":\"FP32\",\"shape\":[-1,1,28,28]}],"
                + "\"outputs\":[{\"name\":\"probabilities\",\"datatype\":\"FP32\",\"shape\":[-1,10]}],\"classes\":" + classes + "}");
        for (String m : MODELS) {
            String digest = field(upload(registry, Files.readAllBytes(zoo.resolve(m + ".onnx")), "onnx"), "digest");
            send(registry + "/v1/applications/" + APP + "/variants",
                    "{\"name\":\"" + m + "\",\"stage\":0,\"artifactDigest\":\"" + digest + "\"}");
        }
        ValidationSet v = ValidationSet.read(zoo.resolve("validation.bin"));
        ByteBuffer x = ByteBuffer.allocate(4 * v.examples().length).order(ByteOrder.LITTLE_ENDIAN);
        x.asFloatBuffer().put(v.examples());
        ByteBuffer y = ByteBuffer.allocate(4 * v.size()).order(ByteOrder.LITTLE_ENDIAN);
        y.asIntBuffer().put(v.labels());
        String xd = field(upload(registry, x.array(), "data"), "digest"), yd = field(upload(registry, y.array(), "data"), "digest");
        send(registry + "/v1/applications/" + APP + "/datasets", "{\"name\":\"validation\",\"inputsDigest\":\"" + xd
                + "\",\"labelsDigest\":\"" + yd + "\",\"sampleCount\":" + v.size()
                + ",\"inputSpec\":{\"name\":\"input\",\"datatype\":\"FP32\",\"shape\":[" + v.size() + ",1,28,28]}}");

        System.out.printf(Locale.ROOT, "%-14s %9s %9s %9s %8s %8s %9s%n", "variant", "total s", "p50@1 ms", "p50@64 ms",
                "alpha", "beta", "accuracy");
        long all = System.nanoTime();
        for (String m : MODELS) {
            long t0 = System.nanoTime();
            String job = send(profiler + "/v1/profiling-jobs", "{\"application\":\"" + APP + "\",\"variant\":\"" + m + "\"}");
            String id = field(job, "id");
            String state;
            do {
                Thread.sleep(50);
                job = get(profiler + "/v1/profiling-jobs/" + id);
                state = field(job, "state");
            } while (state.equals("queued") || state.equals("running"));
            double s = (System.nanoTime() - t0) / 1e9;
            Matcher p50 = Pattern.compile("\"p50Ms\":([0-9.eE-]+)").matcher(job);
            String first = p50.find() ? p50.group(1) : "?", last = first;
            while (p50.find()) last = p50.group(1);
            System.out.printf(Locale.ROOT, "%-14s %9.2f %9.3f %9.3f %8.4f %8.4f %9s  %s%n", m, s, Double.parseDouble(first),
                    Double.parseDouble(last), Double.parseDouble(field(job, "alphaMs")), Double.parseDouble(field(job, "betaMs")),
                    field(job, "accuracy"), state);
        }
        System.out.printf(Locale.ROOT, "all %d variants: %.1f s%n", MODELS.size(), (System.nanoTime() - all) / 1e9);
    }

    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":\"?([^\",}]*)").matcher(json);
        return m.find() ? m.group(1) : "?";
    }

    static String upload(String registry, byte[] bytes, String type) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(registry + "/v1/artifacts?type=" + type))
                .header("Content-Type", "application/octet-stream").POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /** POSTs JSON; a 409 (already registered by an earlier run) is fine. */
    static String send(String url, String json) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() >= 400 && r.statusCode() != 409) throw new IllegalStateException(url + " → " + r.statusCode() + " " + r.body());
        return r.body();
    }

    static String get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
