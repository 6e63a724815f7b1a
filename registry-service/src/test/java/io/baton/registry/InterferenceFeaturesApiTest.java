package io.baton.registry;

import static io.baton.registry.ApplicationApiTest.app;
import static io.baton.registry.ApplicationApiTest.assertProblem;
import static io.baton.registry.ApplicationApiTest.variant;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.support.OnnxModels;
import io.baton.registry.support.PostgresHttpTest;

/**
 * A profile's interference features (V4's {@code profiles.interference}, what the interference-aware planner predicts
 * slowdowns from) over real HTTP against PostgreSQL: stored with the profile, returned by every read of it, replaced
 * with it, and refused with a problem naming the field when not a measurement.
 */
class InterferenceFeaturesApiTest extends PostgresHttpTest {

    static final String PATH = "/v1/applications/itf/variants/small/profiles/cpu/cpu";
    static final String FEATURES = """
        {"soloMs":0.84,"avgLayerMs":0.042,"layers":20,"bandwidthGBs":1.75,"utilisation":0.97,"sensitivity":1.31,
         "probe":"bubble-probe:32MiB-copy","pressure":0.25}""";

    static String profile(String interference) {
        return """
            {"latency":[{"batchSize":1,"p50Ms":2.0,"p99Ms":2.5},{"batchSize":2,"p50Ms":3.0,"p99Ms":3.4}],
             "loadMs":12.5,%s"measuredAt":"2026-01-02T03:04:05Z"}
            """.formatted(interference == null ? "" : "\"interference\":" + interference + ",");
    }

    @BeforeEach
    void application() {
        if (get("/v1/applications/itf").getStatusCode() == HttpStatus.OK) return;
        post("/v1/applications", app("itf", "single"));
        String digest = uploadModel(OnnxModels.identity("itf-small", OnnxModels.FLOAT, -1, 4));
        assertThat(post("/v1/applications/itf/variants", variant("small", digest)).getStatusCode()).isEqualTo(HttpStatus.CREATED);
    }

    @Test
    void storedWithTheProfileReturnedByEveryReadAndReplacedWithIt() {
        ResponseEntity<JsonNode> created = put(PATH, profile(FEATURES));
        assertThat(created.getStatusCode()).as("%s", created.getBody()).isIn(HttpStatus.CREATED, HttpStatus.OK);
        assertFeatures(created.getBody().get("interference"), "2026-01-02T03:04:05Z"); // measuredAt: the profile's

        assertFeatures(get(PATH).getBody().get("interference"), "2026-01-02T03:04:05Z");
        assertFeatures(get("/v1/applications/itf/variants/small/profiles").getBody().get(0).get("interference"), "2026-01-02T03:04:05Z");
        JsonNode hot = get("/v1/applications/itf").getBody().get("variants").get(0).get("profiles").get(0);
        assertFeatures(hot.get("interference"), "2026-01-02T03:04:05Z"); // the scheduler's one read

        // their own time, when they name one
        String timed = FEATURES.replace("}", ",\"measuredAt\":\"2026-01-02T03:04:01.5Z\"}");
        assertFeatures(put(PATH, profile(timed)).getBody().get("interference"), "2026-01-02T03:04:01.500Z");
        assertFeatures(get(PATH).getBody().get("interference"), "2026-01-02T03:04:01.500Z");

        // a PUT replaces the whole profile: one without features (the profiler's switch off, an older client) has none
        ResponseEntity<JsonNode> replaced = put(PATH, profile(null));
        assertThat(replaced.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(replaced.getBody().get("interference").isNull()).as("%s", replaced.getBody()).isTrue();
        assertThat(get(PATH).getBody().get("interference").isNull()).isTrue();
        assertThat(replaced.getBody().get("loadMs").asDouble()).isEqualTo(12.5); // the rest as before

        // layers is optional
        JsonNode noLayers = put(PATH, profile(FEATURES.replace("\"layers\":20,", ""))).getBody().get("interference");
        assertThat(noLayers.get("layers").isNull()).isTrue();
        assertThat(noLayers.get("soloMs").asDouble()).isEqualTo(0.84);
    }

    @Test
    void refusesWhatIsNotAMeasurementNamingTheField() {
        bad(FEATURES.replace("\"sensitivity\":1.31", "\"sensitivity\":0.3"), "interference.sensitivity");
        bad(FEATURES.replace("\"utilisation\":0.97", "\"utilisation\":1.5"), "interference.utilisation");
        bad(FEATURES.replace("\"utilisation\":0.97", "\"utilisation\":-0.1"), "interference.utilisation");
        bad(FEATURES.replace("\"bandwidthGBs\":1.75", "\"bandwidthGBs\":-1"), "interference.bandwidthGBs");
        bad(FEATURES.replace("\"avgLayerMs\":0.042", "\"avgLayerMs\":-0.042"), "interference.avgLayerMs");
        bad(FEATURES.replace("\"soloMs\":0.84", "\"soloMs\":0"), "interference.soloMs");
        bad(FEATURES.replace("\"soloMs\":0.84", "\"soloMs\":1e999"), "interference.soloMs"); // reads as infinity
        bad(FEATURES.replace("\"bandwidthGBs\":1.75", "\"bandwidthGBs\":1e999"), "interference.bandwidthGBs");
        bad(FEATURES.replace("\"sensitivity\":1.31", "\"sensitivity\":\"NaN\""), "interference.sensitivity");
        bad(FEATURES.replace("\"soloMs\":0.84,", ""), "interference.soloMs");
        bad(FEATURES.replace(",\n \"probe\":\"bubble-probe:32MiB-copy\"", ""), "interference.probe");
        bad(FEATURES.replace("\"probe\":\"bubble-probe:32MiB-copy\"", "\"probe\":\" \""), "interference.probe");
        bad(FEATURES.replace("\"layers\":20", "\"layers\":0"), "interference.layers");
        bad(FEATURES.replace("\"pressure\":0.25", "\"pressure\":-0.5"), "interference.pressure");
        bad(FEATURES.replace("\"pressure\":0.25", "\"pressure\":1e999"), "interference.pressure");
        bad(FEATURES.replace("\"layers\":20", "\"layerz\":20"), "interference.layerz"); // unknown field
        bad(FEATURES.replace("\"soloMs\":0.84", "\"soloMs\":\"fast\""), "interference.soloMs");
        // nothing was stored by any of them
        ResponseEntity<JsonNode> after = get(PATH);
        if (after.getStatusCode() == HttpStatus.OK) {
            JsonNode f = after.getBody().get("interference");
            assertThat(f.isNull() || f.get("sensitivity").asDouble() == 1.31).as("%s", f).isTrue();
        }
        // a sensitivity just below 1 is noise of a measurement, accepted
        ResponseEntity<JsonNode> noisy = put(PATH, profile(FEATURES.replace("\"sensitivity\":1.31", "\"sensitivity\":0.97")));
        assertThat(noisy.getStatusCode()).as("%s", noisy.getBody()).isIn(HttpStatus.CREATED, HttpStatus.OK);
        assertThat(noisy.getBody().get("interference").get("sensitivity").asDouble()).isEqualTo(0.97);
    }

    private void bad(String features, String field) {
        assertProblem(put(PATH, profile(features)), HttpStatus.BAD_REQUEST, field);
    }

    private static void assertFeatures(JsonNode f, String measuredAt) {
        assertThat(f).as("interference").isNotNull();
        assertThat(f.get("soloMs").asDouble()).isEqualTo(0.84);
        assertThat(f.get("avgLayerMs").asDouble()).isEqualTo(0.042);
        assertThat(f.get("bandwidthGBs").asDouble()).isEqualTo(1.75);
        assertThat(f.get("utilisation").asDouble()).isEqualTo(0.97);
        assertThat(f.get("sensitivity").asDouble()).isEqualTo(1.31);
        if (f.has("pressure") && !f.get("pressure").isNull()) assertThat(f.get("pressure").asDouble()).isEqualTo(0.25);
        assertThat(f.get("probe").asText()).isEqualTo("bubble-probe:32MiB-copy");
        assertThat(f.get("measuredAt").asText()).isEqualTo(measuredAt);
        if (f.has("layers") && !f.get("layers").isNull()) assertThat(f.get("layers").asInt()).isEqualTo(20);
    }
}
