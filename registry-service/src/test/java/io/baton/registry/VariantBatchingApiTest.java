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
 * A variant's {@code maxBatchSize} (derived from the model when left out, checked against its tensors when given)
 * and the datatypes a variant's model may have, over real HTTP against PostgreSQL, on models ONNX Runtime opens.
 */
class VariantBatchingApiTest extends PostgresHttpTest {

    private static final String APP = "{\"name\":\"%s\",\"kind\":\"single\",\"policy\":\"symphony\",\"sloMs\":100}";
    private static int apps;
    private String app;

    @BeforeEach
    void freshApplication() {
        app = "batching" + (++apps);
        assertThat(post("/v1/applications", APP.formatted(app)).getStatusCode()).isEqualTo(HttpStatus.CREATED);
    }

    private ResponseEntity<JsonNode> register(String name, byte[] model, String extra) {
        String body = variant(name, uploadModel(model));
        if (extra != null) body = body.replace("}", "," + extra + "}");
        return post("/v1/applications/" + app + "/variants", body);
    }

    @Test
    void leftOutItIs64WhenEveryTensorHasAFreeFirstDimensionElse0() {
        ResponseEntity<JsonNode> free = register("free", OnnxModels.identity("b-free", OnnxModels.FLOAT, -1, 4), null);
        assertThat(free.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(free.getBody().get("maxBatchSize").asInt()).isEqualTo(64);

        ResponseEntity<JsonNode> fixed = register("fixed", OnnxModels.identity("b-fixed", OnnxModels.FLOAT, 1, 4), null);
        assertThat(fixed.getBody().get("maxBatchSize").asInt()).isZero();

        ResponseEntity<JsonNode> scalar = register("scalar", OnnxModels.identity("b-scalar", OnnxModels.INT64), null);
        assertThat(scalar.getStatusCode()).as("%s", scalar.getBody()).isEqualTo(HttpStatus.CREATED);
        assertThat(scalar.getBody().get("maxBatchSize").asInt()).isZero();

        // every variant JSON a consumer reads carries the effective value
        JsonNode variants = get("/v1/applications/" + app).getBody().get("variants");
        assertThat(variants).extracting(v -> v.get("name").asText() + "=" + v.get("maxBatchSize").asInt())
                .containsExactlyInAnyOrder("free=64", "fixed=0", "scalar=0");
        JsonNode page = get("/v1/applications/" + app + "/variants").getBody().get("items");
        assertThat(page).allSatisfy(v -> assertThat(v.has("maxBatchSize")).isTrue());
    }

    @Test
    void aDeclaredValueIsKeptWhenTheTensorsAllowIt() {
        ResponseEntity<JsonNode> eight = register("eight", OnnxModels.identity("b-8", OnnxModels.FLOAT, -1, 4),
                "\"maxBatchSize\":8");
        assertThat(eight.getBody().get("maxBatchSize").asInt()).isEqualTo(8);
        ResponseEntity<JsonNode> none = register("none", OnnxModels.identity("b-0", OnnxModels.FLOAT, -1, 4),
                "\"maxBatchSize\":0");
        assertThat(none.getBody().get("maxBatchSize").asInt()).isZero();

        // a PUT without it derives it again; with it, keeps it
        long version = none.getBody().get("version").asLong();
        String digest = none.getBody().get("artifactDigest").asText();
        ResponseEntity<JsonNode> put = put("/v1/applications/" + app + "/variants/none",
                "{\"name\":\"none\",\"artifactDigest\":\"" + digest + "\",\"version\":" + version + "}");
        assertThat(put.getBody().get("maxBatchSize").asInt()).isEqualTo(64);
    }

    @Test
    void aBatchSizeTheTensorsCannotTakeIs422NamingTheTensorAndDimension0() {
        ResponseEntity<JsonNode> fixed = register("fixed", OnnxModels.identity("b-f4", OnnxModels.FLOAT, 1, 4),
                "\"maxBatchSize\":4");
        assertProblem(fixed, HttpStatus.UNPROCESSABLE_ENTITY, "maxBatchSize");
        assertThat(fixed.getBody().get("detail").asText()).contains("inputs[0] x", "dimension 0", "[1, 4]");

        ResponseEntity<JsonNode> scalar = register("scalar", OnnxModels.identity("b-s4", OnnxModels.INT64),
                "\"maxBatchSize\":2");
        assertProblem(scalar, HttpStatus.UNPROCESSABLE_ENTITY, "maxBatchSize");
        assertThat(scalar.getBody().get("detail").asText()).contains("x", "rank 0", "dimension 0");

        for (String bad : new String[] {"-1", "4097"}) {
            ResponseEntity<JsonNode> r = register("bad" + bad, OnnxModels.identity("b-bad" + bad, OnnxModels.FLOAT, -1, 4),
                    "\"maxBatchSize\":" + bad);
            assertProblem(r, HttpStatus.UNPROCESSABLE_ENTITY, "maxBatchSize");
            assertThat(r.getBody().get("detail").asText()).contains("[0, 4096]", bad);
        }
    }

    @Test
    void aFreeFirstDimensionDeclaredFixedMakesTheVariantNonBatching() {
        ResponseEntity<JsonNode> r = register("declared", OnnxModels.identity("b-decl", OnnxModels.FLOAT, -1, 4),
                "\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[1,4]}]");
        assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.CREATED);
        assertThat(r.getBody().get("maxBatchSize").asInt()).isZero();
    }

    @Test
    void aModelWithATensorNoOipDatatypeCarriesUploadsButItsVariantIsRefusedNamingTensorAndType() {
        ResponseEntity<JsonNode> upload = upload("onnx", OnnxModels.identityOpset21("f8", OnnxModels.FLOAT8E4M3FN, -1, 2));
        assertThat(upload.getStatusCode()).as("%s", upload.getBody()).isEqualTo(HttpStatus.CREATED);
        assertThat(upload.getBody().get("inputs").get(0).get("datatype").asText()).isEqualTo("ONNX:FLOAT8E4M3FN");

        ResponseEntity<JsonNode> r = post("/v1/applications/" + app + "/variants",
                variant("f8", upload.getBody().get("digest").asText()));
        assertProblem(r, HttpStatus.UNPROCESSABLE_ENTITY, "inputs[0].datatype");
        assertThat(r.getBody().get("detail").asText()).contains("input x", "FLOAT8E4M3FN");
    }

    @Test
    void everyOipDatatypeRegisters() {
        int[][] types = {{OnnxModels.BOOL}, {OnnxModels.UINT8}, {OnnxModels.INT8}, {OnnxModels.INT16}, {OnnxModels.INT32},
                {OnnxModels.INT64}, {OnnxModels.FLOAT16}, {OnnxModels.FLOAT}, {OnnxModels.DOUBLE}, {OnnxModels.STRING},
                {OnnxModels.BFLOAT16}, {OnnxModels.UINT16}, {OnnxModels.UINT32}, {OnnxModels.UINT64}};
        for (int[] t : types) {
            ResponseEntity<JsonNode> r = register("t" + t[0], OnnxModels.identity("dt" + t[0], t[0], -1, 3), null);
            assertThat(r.getStatusCode()).as("element type %d: %s", t[0], r.getBody()).isEqualTo(HttpStatus.CREATED);
        }
    }
}
