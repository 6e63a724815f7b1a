package io.baton.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A demo single-model application registered again under another name and policy: the same tensors, class labels,
 * variants (artifacts) and the profiles the suite's real profiler measured, so that a policy's live test serves
 * real models with real profiles without profiling them again. Idempotent: an existing copy is left as it is.
 */
public final class ApplicationCopy {
    private ApplicationCopy() {
    }

    /** @return whether the copy was made now (false: it was already registered) */
    public static boolean register(E2eSuite e2e, String source, String name, String policy, ObjectNode policyParams) {
        URI registry = e2e.suite().registry();
        if (e2e.http().get(registry.resolve("/v1/applications/" + name)).status() != 404) return false;
        JsonNode from = e2e.http().get(registry.resolve("/v1/applications/" + source)).json();
        ObjectNode app = JsonHttp.JSON.createObjectNode();
        app.put("name", name);
        app.put("kind", "single");
        app.put("policy", policy);
        if (policyParams != null) app.set("policyParams", policyParams);
        app.set("sloMs", from.get("sloMs"));
        app.set("inputs", from.get("inputs"));
        app.set("outputs", from.get("outputs"));
        if (from.has("classLabels")) app.set("classLabels", from.get("classLabels"));
        created(e2e.http().post(registry.resolve("/v1/applications"), app), "application");
        for (JsonNode v : from.path("variants")) {
            Map<String, Object> variant = new LinkedHashMap<>();
            variant.put("name", v.path("name").asText());
            variant.put("stage", 0);
            variant.put("artifactDigest", v.path("artifactDigest").asText());
            created(e2e.http().post(registry.resolve("/v1/applications/" + name + "/variants"), variant), "variant");
            for (JsonNode p : v.path("profiles")) {
                ObjectNode profile = p.deepCopy();
                profile.remove(List.of("version", "deviceKind", "executionProvider", "measuredAt", "application", "variant"));
                JsonHttp.Response put = e2e.http().put(registry.resolve("/v1/applications/" + name + "/variants/"
                        + v.path("name").asText() + "/profiles/" + p.path("deviceKind").asText() + "/"
                        + p.path("executionProvider").asText()), profile);
                assertThat(put.status()).as("copying a profile: %s", put.body()).isBetween(200, 201);
            }
        }
        return true;
    }

    /**
     * Asserts that {@code r}, an OIP answer of the copy {@code app} for validation image {@code image}, names one of the
     * source's variants and carries exactly what a direct ONNX Runtime run of that variant gives.
     */
    public static void assertAnswerOfTheNamedVariant(E2eSuite e2e, DirectOrt ort, String source, String app,
                                                     JsonHttp.Response r, int image) throws Exception {
        float[] p = Oip.probabilities(r, app, 1);
        String variant = r.json().path("parameters").path("variant").asText();
        assertThat(e2e.variants(source).stream().map(v -> v.name()).toList()).as(r.body()).contains(variant);
        io.baton.cli.zoo.ValidationSet vs = e2e.validation();
        float[] direct = ort.run(e2e.onnx(variant), DirectOrt.rows(vs.examples(), vs.dims(), image, 1), DirectOrt.shape(1, vs.dims()));
        for (int c = 0; c < 10; c++) {
            assertThat(p[c]).as("image %d, class %d, %s", image, c, variant)
                    .isCloseTo(direct[c], org.assertj.core.api.Assertions.within(1e-5f));
        }
    }

    public static void created(JsonHttp.Response r, String what) {
        assertThat(r.status()).as("creating the %s: %s", what, r.body()).isIn(200, 201);
    }
}
