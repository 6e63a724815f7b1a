package io.baton.registry;

import static io.baton.registry.ApplicationApiTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.registry.support.OnnxModels;
import io.baton.registry.support.PostgresHttpTest;

/**
 * {@code /v1/applications/{app}/ensemble-profile} over real HTTP against PostgreSQL: create, read back, replace,
 * optimistic locking, delete, what it keeps alive (its application, its outputs blob), and every refusal naming
 * its field.
 */
class EnsembleProfileApiTest extends PostgresHttpTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static int apps;
    String app;

    @BeforeEach
    void ensembleWithTwoBaseModels() {
        app = "ens" + apps++;
        assertThat(post("/v1/applications", ApplicationApiTest.app(app, "ensemble")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        String digest = uploadModel(OnnxModels.identity("ens-base", OnnxModels.FLOAT, -1, 4));
        for (String v : List.of("small", "large")) {
            assertThat(post("/v1/applications/" + app + "/variants", ApplicationApiTest.variant(v, digest)).getStatusCode())
                    .isEqualTo(HttpStatus.CREATED);
        }
    }

    /** Two models, two bins: 3 samples. */
    static Map<String, Object> profile() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("models", List.of("small", "large"));
        p.put("aggregator", "averaging");
        p.put("sampleCount", 3);
        p.put("temperatures", List.of(1.25, 0.8));
        p.put("meanDistances", List.of(0.031, 0.0125));
        p.put("binEdges", List.of(0.5));
        p.put("binCounts", List.of(2, 1));
        p.put("accuracy", List.of(List.of(0.0, 1.0, 0.5, 1.0), List.of(0.0, 0.0, 1.0, 1.0)));
        return p;
    }

    String json(Map<String, Object> body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    String path() {
        return "/v1/applications/" + app + "/ensemble-profile";
    }

    Map<String, Object> with(String field, Object value) {
        Map<String, Object> p = profile();
        p.put(field, value);
        return p;
    }

    @Test
    void createsReadsReplacesAndDeletesAProfile() {
        ResponseEntity<JsonNode> created = put(path(), json(profile()));
        assertThat(created.getStatusCode()).as("%s", created.getBody()).isEqualTo(HttpStatus.CREATED);
        JsonNode read = get(path()).getBody();
        assertThat(read.get("application").asText()).isEqualTo(app);
        assertThat(read.get("models").toString()).isEqualTo("[\"small\",\"large\"]");
        assertThat(read.get("accuracy").toString()).isEqualTo("[[0.0,1.0,0.5,1.0],[0.0,0.0,1.0,1.0]]");
        assertThat(read.get("temperatures").toString()).isEqualTo("[1.25,0.8]");
        assertThat(read.get("binCounts").toString()).isEqualTo("[2,1]");
        assertThat(read.get("measuredAt").isTextual()).isTrue();
        assertThat(read.get("version").asLong()).isZero();

        Map<String, Object> again = profile();
        again.put("aggregator", "voting");
        again.put("version", 0);
        ResponseEntity<JsonNode> replaced = put(path(), json(again));
        assertThat(replaced.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(replaced.getBody().get("aggregator").asText()).isEqualTo("voting");
        assertThat(replaced.getBody().get("version").asLong()).isEqualTo(1);
        assertProblem(put(path(), json(again)), HttpStatus.CONFLICT, "version"); // version 0 is stale now

        assertProblem(delete("/v1/applications/" + app), HttpStatus.CONFLICT, null);
        assertThat(delete(path()).getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
        assertProblem(get(path()), HttpStatus.NOT_FOUND, "app");
    }

    @Test
    void keepsItsOutputsBlobAndItsPredictorAndChecksThem() {
        ByteBuffer blob = ByteBuffer.allocate(4 * 3 * 2 * 4).order(ByteOrder.LITTLE_ENDIAN); // 3 samples × 2 models × 4 classes
        String digest = upload("data", blob.array()).getBody().get("digest").asText();
        String short1 = upload("data", new byte[8]).getBody().get("digest").asText();
        assertProblem(put(path(), json(with("outputsDigest", short1))), HttpStatus.UNPROCESSABLE_ENTITY, "outputsDigest");
        assertProblem(put(path(), json(with("outputsDigest", "0".repeat(64)))), HttpStatus.UNPROCESSABLE_ENTITY, "outputsDigest");
        String predictor = uploadModel(OnnxModels.add("ens-predictor", OnnxModels.FLOAT, -1, 4));
        Map<String, Object> body = with("outputsDigest", digest);
        body.put("predictorDigest", digest); // data, not a model
        assertProblem(put(path(), json(body)), HttpStatus.UNPROCESSABLE_ENTITY, "predictorDigest");
        body.put("predictorDigest", predictor);
        ResponseEntity<JsonNode> created = put(path(), json(body));
        assertThat(created.getStatusCode()).as("%s", created.getBody()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getBody().get("outputsDigest").asText()).isEqualTo(digest);
        assertThat(get(path()).getBody().get("predictorDigest").asText()).isEqualTo(predictor);
        assertProblem(delete("/v1/artifacts/" + digest), HttpStatus.CONFLICT, null);
        assertProblem(delete("/v1/artifacts/" + predictor), HttpStatus.CONFLICT, null);
    }

    @Test
    void refusalsNameTheFieldAtFault() {
        assertProblem(put("/v1/applications/nope/ensemble-profile", json(profile())), HttpStatus.NOT_FOUND, "name");
        assertProblem(get(path()), HttpStatus.NOT_FOUND, "app");
        post("/v1/applications", ApplicationApiTest.app(app + "-single", "single"));
        assertProblem(put("/v1/applications/" + app + "-single/ensemble-profile", json(profile())), HttpStatus.UNPROCESSABLE_ENTITY, "app");

        assertProblem(put(path(), json(with("aggregator", "median"))), HttpStatus.BAD_REQUEST, "aggregator");
        assertProblem(put(path(), json(with("temperatures", List.of(1.0, 0.0)))), HttpStatus.BAD_REQUEST, "temperatures[1]");
        assertProblem(put(path(), json(with("sampleCount", 0))), HttpStatus.BAD_REQUEST, "sampleCount");
        assertProblem(put(path(), json(with("accuracy", List.of(List.of(0, 1, 0.5, 1), List.of(0, 0, 1.5, 1))))),
                HttpStatus.BAD_REQUEST, "accuracy[1][2]");
        assertProblem(put(path(), json(with("models", List.of("small", "small")))), HttpStatus.BAD_REQUEST, "models");
        Map<String, Object> unknownField = profile();
        unknownField.put("bins", 2);
        assertProblem(put(path(), json(unknownField)), HttpStatus.BAD_REQUEST, "bins");
        assertProblem(put(path(), "{\"models\":"), HttpStatus.BAD_REQUEST, null);

        assertProblem(put(path(), json(with("models", List.of("small", "huge")))), HttpStatus.UNPROCESSABLE_ENTITY, "models[1]");
        assertProblem(put(path(), json(with("temperatures", List.of(1.0)))), HttpStatus.UNPROCESSABLE_ENTITY, "temperatures");
        assertProblem(put(path(), json(with("meanDistances", List.of(1.0, 2.0, 3.0)))), HttpStatus.UNPROCESSABLE_ENTITY, "meanDistances");
        assertProblem(put(path(), json(with("binEdges", List.of()))), HttpStatus.UNPROCESSABLE_ENTITY, "binEdges");
        assertProblem(put(path(), json(with("binCounts", List.of(2, 2)))), HttpStatus.UNPROCESSABLE_ENTITY, "binCounts");
        assertProblem(put(path(), json(with("accuracy", List.of(List.of(0, 1, 0.5, 1))))), HttpStatus.UNPROCESSABLE_ENTITY, "accuracy");
        assertProblem(put(path(), json(with("accuracy", List.of(List.of(0, 1, 0.5, 1), List.of(0, 1))))),
                HttpStatus.UNPROCESSABLE_ENTITY, "accuracy[1]");
        Map<String, Object> threeBins = profile();
        threeBins.put("binEdges", List.of(0.5, 0.25));
        threeBins.put("binCounts", List.of(1, 1, 1));
        threeBins.put("accuracy", List.of(List.of(0, 1, 1, 1), List.of(0, 1, 1, 1), List.of(0, 1, 1, 1)));
        assertProblem(put(path(), json(threeBins)), HttpStatus.UNPROCESSABLE_ENTITY, "binEdges[1]");
        assertProblem(put(path(), json(with("dataset", "no-such-set"))), HttpStatus.UNPROCESSABLE_ENTITY, "dataset");
        assertThat(get(path()).getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND); // nothing was stored on the way
    }
}
