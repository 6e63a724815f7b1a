package io.baton.cli.suite;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.zoo.Manifest;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Registers a built zoo ({@code manifest.json}) with registry-service: every ONNX file as an artifact, each demo
 * application ({@link DemoApplications}) with its variants, and the validation set as each application's
 * {@value #DATASET} dataset. Idempotent: what exists already (409) is kept, artifacts are content-addressed, so a
 * second run changes nothing.
 */
public record ZooRegistration(JsonHttp http, URI registry, PrintStream log) {
    public static final String DATASET = "validation";

    /** What is registered: per application its variants and their artifact digests. */
    public record Registered(Map<String, Map<String, String>> digests) {
        public List<String> applications() {
            return List.copyOf(digests.keySet());
        }
    }

    /** Reads {@code zoo/manifest.json}; a {@link SuiteException} when the directory holds no built zoo. */
    public static Manifest manifest(Path zoo) {
        Path file = zoo.resolve(ZooBuilder.MANIFEST);
        if (!Files.isRegularFile(file)) throw new SuiteException("no zoo in " + zoo + " (" + file + " is missing; build it: bin/baton zoo build --out " + zoo + ")");
        try {
            return JsonHttp.JSON.readValue(file.toFile(), Manifest.class);
        } catch (IOException e) {
            throw new SuiteException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public Registered register(Path zoo) {
        Manifest manifest = manifest(zoo);
        Map<String, String> digests = new LinkedHashMap<>();
        for (Manifest.Model m : manifest.models()) {
            digests.put(m.name(), upload(read(zoo.resolve(m.file())), "onnx", m.file()));
        }
        ValidationSet vs;
        try {
            vs = ValidationSet.read(zoo.resolve(manifest.validationSet().file()));
        } catch (IOException e) {
            throw new SuiteException("cannot read the validation set: " + e.getMessage(), e);
        }
        String inputs = upload(littleEndian(vs.examples()), "data", "validation inputs");
        String labels = upload(littleEndian(vs.labels()), "data", "validation labels");

        Map<String, Map<String, String>> registered = new LinkedHashMap<>();
        for (Manifest.App app : manifest.applications()) {
            createApplication(app, manifest.classLabels());
            Map<String, String> variants = new LinkedHashMap<>();
            for (DemoApplications.VariantRef v : DemoApplications.variants(app)) {
                String digest = digests.get(v.name());
                if (digest == null) throw new SuiteException("manifest: application " + app.name() + " names model " + v.name() + ", which the zoo does not have");
                createVariant(app.name(), v, digest);
                variants.put(v.name(), digest);
            }
            createDataset(app, inputs, labels, vs);
            registered.put(app.name(), variants);
            log.printf("  registered %-17s %-8s policy %-9s %d variants%n", app.name(), app.kind(), DemoApplications.policy(app.kind()),
                    variants.size());
        }
        return new Registered(registered);
    }

    private void createApplication(Manifest.App app, List<String> classes) {
        JsonHttp.Response r = http.post(registry.resolve("/v1/applications"), DemoApplications.body(app, classes));
        if (r.status() == 409) {
            JsonNode existing = http.get(registry.resolve("/v1/applications/" + app.name())).json();
            if (!app.kind().equals(existing.path("kind").asText())) {
                throw new SuiteException("application " + app.name() + " exists in the registry as a " + existing.path("kind").asText()
                        + " application, not " + app.kind() + "; delete it or use another registry");
            }
            return;
        }
        expectCreated(r, "application " + app.name());
    }

    private void createVariant(String app, DemoApplications.VariantRef v, String digest) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", v.name());
        body.put("stage", v.stage());
        body.put("artifactDigest", digest);
        JsonHttp.Response r = http.post(registry.resolve("/v1/applications/" + app + "/variants"), body);
        if (r.status() == 409) {
            JsonNode existing = http.get(registry.resolve("/v1/applications/" + app + "/variants/" + v.name())).json();
            if (!digest.equals(existing.path("artifactDigest").asText())) {
                log.printf("  note: %s/%s is registered with another artifact (%s), kept as it is%n", app, v.name(),
                        existing.path("artifactDigest").asText());
            }
            return;
        }
        expectCreated(r, "variant " + app + "/" + v.name());
    }

    private void createDataset(Manifest.App app, String inputs, String labels, ValidationSet vs) {
        List<Long> shape = new ArrayList<>();
        shape.add((long) vs.size());
        for (int d : vs.dims()) shape.add((long) d);
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("name", app.input().name());
        spec.put("datatype", "FP32");
        spec.put("shape", shape);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", DATASET);
        body.put("inputsDigest", inputs);
        body.put("labelsDigest", labels);
        body.put("sampleCount", vs.size());
        body.put("inputSpec", spec);
        JsonHttp.Response r = http.post(registry.resolve("/v1/applications/" + app.name() + "/datasets"), body);
        if (r.status() != 409) expectCreated(r, "dataset " + app.name() + "/" + DATASET);
    }

    private String upload(byte[] bytes, String type, String what) {
        JsonHttp.Response r = http.postBytes(registry.resolve("/v1/artifacts?type=" + type), bytes);
        if (r.status() != 200 && r.status() != 201) throw refused(r, "uploading " + what);
        return r.json().path("digest").asText();
    }

    private static void expectCreated(JsonHttp.Response r, String what) {
        if (r.status() != 201 && r.status() != 200) throw refused(r, "creating " + what);
    }

    static SuiteException refused(JsonHttp.Response r, String what) {
        return new SuiteException("the registry refused " + what + ": " + r.status() + " " + r.reason());
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] littleEndian(float[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        return b.array();
    }

    static byte[] littleEndian(int[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(values);
        return b.array();
    }
}
