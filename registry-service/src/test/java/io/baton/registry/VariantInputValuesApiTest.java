package io.baton.registry;

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
 * A variant's {@code inputValues} (the value synthetic requests give an input whose value the model reads): checked
 * against the input's datatype at registration, stored, and shown in every variant JSON (an empty object when none),
 * over real HTTP against PostgreSQL.
 */
class VariantInputValuesApiTest extends PostgresHttpTest {

    private static final String APP = "{\"name\":\"%s\",\"kind\":\"single\",\"policy\":\"symphony\",\"sloMs\":100}";
    private static int apps;
    private String app;

    @BeforeEach
    void freshApplication() {
        app = "values" + (++apps);
        assertThat(post("/v1/applications", APP.formatted(app)).getStatusCode()).isEqualTo(HttpStatus.CREATED);
    }

    private ResponseEntity<JsonNode> register(String name, int elemType, String values) {
        String body = variant(name, uploadModel(OnnxModels.identity("iv" + elemType, elemType)));
        if (values != null) body = body.replace("}", ",\"inputValues\":" + values + "}");
        return post("/v1/applications/" + app + "/variants", body);
    }

    @Test
    void aValueThatFitsTheInputIsStoredAndShownInEveryVariantJson() {
        ResponseEntity<JsonNode> sr = register("sr", OnnxModels.INT64, "{\"x\":16000}");
        assertThat(sr.getStatusCode()).as("%s", sr.getBody()).isEqualTo(HttpStatus.CREATED);
        assertThat(sr.getBody().get("inputValues").toString()).isEqualTo("{\"x\":16000}");
        assertThat(register("flag", OnnxModels.BOOL, "{\"x\":true}").getBody().get("inputValues").toString())
                .isEqualTo("{\"x\":true}");
        assertThat(register("text", OnnxModels.STRING, "{\"x\":\"hello\"}").getBody().get("inputValues").toString())
                .isEqualTo("{\"x\":\"hello\"}");
        assertThat(register("gain", OnnxModels.FLOAT, "{\"x\":0.5}").getBody().get("inputValues").toString())
                .isEqualTo("{\"x\":0.5}");
        ResponseEntity<JsonNode> none = register("none", OnnxModels.DOUBLE, null);
        assertThat(none.getBody().get("inputValues").isObject()).isTrue();
        assertThat(none.getBody().get("inputValues")).isEmpty();

        JsonNode variants = get("/v1/applications/" + app).getBody().get("variants");
        assertThat(variants).extracting(v -> v.get("name").asText() + "=" + v.get("inputValues"))
                .contains("sr={\"x\":16000}", "none={}");
        assertThat(get("/v1/applications/" + app + "/variants/sr").getBody().get("inputValues").get("x").asLong())
                .isEqualTo(16000L);
        assertThat(get("/v1/applications/" + app + "/variants").getBody().get("items"))
                .allSatisfy(v -> assertThat(v.get("inputValues").isObject()).isTrue());

        // a PUT without them clears them
        String put = "{\"name\":\"sr\",\"artifactDigest\":\"" + sr.getBody().get("artifactDigest").asText()
                + "\",\"version\":" + sr.getBody().get("version").asLong() + "}";
        assertThat(put("/v1/applications/" + app + "/variants/sr", put).getBody().get("inputValues")).isEmpty();
    }

    @Test
    void aValueThatIsNoElementOfTheInputsDatatypeIs422NamingTheInput() {
        String[][] bad = {
            {"INT64 fraction", "7", "{\"x\":16000.5}", "integer"},
            {"INT64 text", "7", "{\"x\":\"16000\"}", "integer"},
            {"INT8 range", "3", "{\"x\":128}", "[-128, 127]"},
            {"UINT8 negative", "2", "{\"x\":-1}", "[0, 255]"},
            {"BOOL number", "9", "{\"x\":1}", "true or false"},
            {"BYTES number", "8", "{\"x\":1}", "string"},
            {"FP32 text", "1", "{\"x\":\"a\"}", "number"},
            {"FP16 range", "10", "{\"x\":70000}", "65504"},
            {"array", "1", "{\"x\":[1,2]}", "number"},
        };
        int i = 0;
        for (String[] b : bad) {
            ResponseEntity<JsonNode> r = register("bad" + (i++), Integer.parseInt(b[1]), b[2]);
            assertProblem(r, HttpStatus.UNPROCESSABLE_ENTITY, "inputValues.x");
            assertThat(r.getBody().get("detail").asText()).as(b[0]).contains("input x", b[3]);
        }
        ResponseEntity<JsonNode> unknown = register("unknown", OnnxModels.INT64, "{\"rate\":16000}");
        assertProblem(unknown, HttpStatus.UNPROCESSABLE_ENTITY, "inputValues.rate");
        assertThat(unknown.getBody().get("detail").asText()).contains("no input named rate", "[x]");
        assertThat(get("/v1/applications/" + app + "/variants").getBody().get("items")).isEmpty();
    }

    @Test
    void anIntegerWrittenWithAZeroFractionAndTheExtremesOfItsTypeFit() {
        assertThat(register("whole", OnnxModels.INT64, "{\"x\":8000.0}").getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(register("max", OnnxModels.UINT64, "{\"x\":18446744073709551615}").getStatusCode())
                .isEqualTo(HttpStatus.CREATED);
        assertThat(register("min", OnnxModels.INT8, "{\"x\":-128}").getStatusCode()).isEqualTo(HttpStatus.CREATED);
    }
}
