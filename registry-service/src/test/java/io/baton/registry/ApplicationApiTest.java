package io.baton.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.support.OnnxModels;
import io.baton.registry.support.PostgresHttpTest;

/** Applications, variants, profiles and plans over real HTTP against PostgreSQL: the happy paths and every refusal. */
class ApplicationApiTest extends PostgresHttpTest {

    static String app(String name, String kind) {
        return """
            {"name":"%s","kind":"%s","policy":"symphony","policyParams":{"beta":1.5},"sloMs":100,
             "inputs":[{"name":"pixels","datatype":"FP32","shape":[-1,4]}],
             "outputs":[{"name":"logits","datatype":"FP32","shape":[-1,4]}],
             "classes":["a","b","c","d"],"penalty":{"type":"sigmoid","parameters":{"steepness":10}}}
            """.formatted(name, kind);
    }

    static String variant(String name, String digest) {
        return "{\"name\":\"" + name + "\",\"artifactDigest\":\"" + digest + "\"}";
    }

    static void assertProblem(ResponseEntity<JsonNode> r, HttpStatus status, String field) {
        assertThat(r.getStatusCode()).as("status of %s", r.getBody()).isEqualTo(status);
        assertThat(r.getHeaders().getContentType()).isNotNull();
        assertThat(r.getHeaders().getContentType().isCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .as("content type %s", r.getHeaders().getContentType()).isTrue();
        JsonNode body = r.getBody();
        assertThat(body.get("status").asInt()).isEqualTo(status.value());
        assertThat(body.get("type").asText()).startsWith("urn:baton:problem:");
        assertThat(body.get("detail").asText()).isNotBlank();
        if (field != null) assertThat(body.path("field").asText()).as("field of %s", body).isEqualTo(field);
    }

    @Test
    void createsReadsAndListsAnApplication() {
        ResponseEntity<JsonNode> created = post("/v1/applications", app("fashion", "single"));
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getHeaders().getLocation()).hasToString("/v1/applications/fashion");
        JsonNode body = created.getBody();
        assertThat(body.get("kind").asText()).isEqualTo("single");
        assertThat(body.get("policyParams").get("beta").asDouble()).isEqualTo(1.5);
        assertThat(body.get("inputs").get(0).get("shape").toString()).isEqualTo("[-1,4]");
        assertThat(body.get("penalty").get("type").asText()).isEqualTo("sigmoid");
        assertThat(body.get("version").asLong()).isZero();

        JsonNode read = get("/v1/applications/fashion").getBody();
        assertThat(read.get("classes").size()).isEqualTo(4);
        assertThat(read.get("variants").isArray()).isTrue();
        assertThat(read.get("variants")).isEmpty();
    }

    @Test
    void unknownApplicationIs404NamingIt() {
        assertProblem(get("/v1/applications/nope"), HttpStatus.NOT_FOUND, "name");
        assertProblem(post("/v1/applications/nope/variants", variant("v", "0".repeat(64))), HttpStatus.NOT_FOUND, "name");
        assertProblem(delete("/v1/applications/nope"), HttpStatus.NOT_FOUND, "name");
    }

    @Test
    void duplicateNameIs409() {
        assertThat(post("/v1/applications", app("dup", "single")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        ResponseEntity<JsonNode> again = post("/v1/applications", app("dup", "ensemble"));
        assertProblem(again, HttpStatus.CONFLICT, "name");
        assertThat(again.getBody().get("type").asText()).isEqualTo("urn:baton:problem:duplicate");
    }

    @Test
    void badJsonAndInvalidFieldsAre400NamingTheField() {
        ResponseEntity<JsonNode> malformed = post("/v1/applications", "{\"name\": \"x\",");
        assertProblem(malformed, HttpStatus.BAD_REQUEST, null);
        assertThat(malformed.getBody().get("type").asText()).isEqualTo("urn:baton:problem:malformed-json");

        assertProblem(post("/v1/applications", app("neg", "single").replace("\"sloMs\":100", "\"sloMs\":-5")),
                HttpStatus.BAD_REQUEST, "sloMs");
        assertProblem(post("/v1/applications", app("k", "triple")), HttpStatus.BAD_REQUEST, "kind");
        assertProblem(post("/v1/applications", app("bad name!", "single")), HttpStatus.BAD_REQUEST, "name");
        assertProblem(post("/v1/applications", app("dt", "single").replace("\"FP32\",\"shape\":[-1,4]}],\n \"outputs",
                "\"FLOAT\",\"shape\":[-1,4]}],\n \"outputs")), HttpStatus.BAD_REQUEST, "inputs[0].datatype");
        assertProblem(post("/v1/applications", app("shape", "single").replace("[-1,4]}],\n \"outputs",
                "[-1,\"four\"]}],\n \"outputs")), HttpStatus.BAD_REQUEST, "inputs[0].shape[1]");
        assertProblem(post("/v1/applications", app("typo", "single").replace("\"sloMs\"", "\"sloMS\":1,\"sloMs\"")),
                HttpStatus.BAD_REQUEST, "sloMS");
        assertProblem(post("/v1/applications", app("pen", "single").replace("sigmoid", "cubic")),
                HttpStatus.BAD_REQUEST, "penalty.type");
        assertProblem(post("/v1/applications", app("pp", "single").replace("{\"beta\":1.5}", "[1]")),
                HttpStatus.BAD_REQUEST, "policyParams");
        assertProblem(get("/v1/applications?sort=nonsense"), HttpStatus.BAD_REQUEST, "sort");
    }

    @Test
    void staleVersionIs409AndTheCurrentOneSucceeds() {
        post("/v1/applications", app("locked", "single"));
        String update = app("locked", "single").replace("\"sloMs\":100", "\"sloMs\":80").replace("}}}", "}},\"version\":%d}");
        assertThat(get("/v1/applications/locked").getBody().get("sloMs").asDouble()).isEqualTo(100);
        ResponseEntity<JsonNode> first = put("/v1/applications/locked", update.formatted(0));
        assertThat(first.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(get("/v1/applications/locked").getBody().get("sloMs").asDouble()).isEqualTo(80);
        assertThat(first.getBody().get("sloMs").asDouble()).isEqualTo(80);
        assertThat(first.getBody().get("version").asLong()).isEqualTo(1);

        ResponseEntity<JsonNode> stale = put("/v1/applications/locked", update.formatted(0));
        assertProblem(stale, HttpStatus.CONFLICT, "version");
        assertThat(stale.getBody().get("type").asText()).isEqualTo("urn:baton:problem:stale-version");

        assertProblem(put("/v1/applications/locked", app("locked", "single")), HttpStatus.BAD_REQUEST, "version");
        assertProblem(put("/v1/applications/locked", update.formatted(1).replace("\"single\"", "\"ensemble\"")),
                HttpStatus.UNPROCESSABLE_ENTITY, "kind");
        assertThat(put("/v1/applications/locked", update.formatted(1)).getStatusCode()).isEqualTo(HttpStatus.OK);
    }

    @Test
    void pagesAreStableAndComplete() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            String name = "page-" + i;
            names.add(name);
            assertThat(post("/v1/applications", app(name, "single")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        }
        List<String> seen = new ArrayList<>();
        for (int page = 0; page < 3; page++) {
            JsonNode body = get("/v1/applications?size=3&page=" + page + "&sort=name").getBody();
            assertThat(body.get("page").asInt()).isEqualTo(page);
            assertThat(body.get("size").asInt()).isEqualTo(3);
            assertThat(body.get("totalItems").asLong()).isGreaterThanOrEqualTo(7);
            body.get("items").forEach(item -> {
                assertThat(item.has("variants")).isFalse(); // summaries only
                if (item.get("name").asText().startsWith("page-")) seen.add(item.get("name").asText());
            });
        }
        JsonNode all = get("/v1/applications?size=200").getBody();
        List<String> sorted = new ArrayList<>();
        all.get("items").forEach(item -> sorted.add(item.get("name").asText()));
        assertThat(sorted).isSorted().containsAll(names);
        assertThat(all.get("totalPages").asInt()).isEqualTo(1);
        assertThat(all.get("totalItems").asLong()).isEqualTo(sorted.size());
    }

    @Test
    void oneReadReturnsVariantsWithTheirProfiles() {
        post("/v1/applications", app("hot", "ensemble"));
        assertThat(get("/v1/applications/hot").getBody().get("variants")).isEmpty(); // read (and cached) before the writes
        String small = uploadModel(OnnxModels.identity("hot-small", OnnxModels.FLOAT, -1, 4));
        String large = uploadModel(OnnxModels.add("hot-large", OnnxModels.FLOAT, -1, 4));
        assertThat(post("/v1/applications/hot/variants", variant("small", small)).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        ResponseEntity<JsonNode> created = post("/v1/applications/hot/variants", variant("large", large));
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getBody().get("inputs").get(0).get("name").asText()).isEqualTo("x"); // read from the model

        String profile = """
            {"latency":[{"batchSize":1,"p50Ms":2.0,"p99Ms":2.5},{"batchSize":2,"p50Ms":3.0,"p99Ms":3.4},
                        {"batchSize":4,"p50Ms":5.0,"p99Ms":5.9}],
             "loadMs":12.5,"memoryBytes":1048576,"accuracy":0.9,"classRecall":[0.9,0.8,1.0,0.9],
             "confusionMatrix":[[9,1,0,0],[0,8,2,0],[0,0,10,0],[1,0,0,9]],"measuredAt":"2026-01-02T03:04:05Z"}
            """;
        ResponseEntity<JsonNode> cpu = put("/v1/applications/hot/variants/small/profiles/cpu/cpu", profile);
        assertThat(cpu.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        // the fits were left out: computed from the p50 points (exactly linear here: α = 1, β = 1)
        assertThat(cpu.getBody().get("alphaMs").asDouble()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(cpu.getBody().get("betaMs").asDouble()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(cpu.getBody().get("quadratic").size()).isEqualTo(3);
        assertThat(put("/v1/applications/hot/variants/small/profiles/gpu-h100/cuda", profile).getStatusCode())
                .isEqualTo(HttpStatus.CREATED);
        ResponseEntity<JsonNode> replaced = put("/v1/applications/hot/variants/small/profiles/cpu/cpu",
                profile.replace("\"loadMs\":12.5", "\"loadMs\":11"));
        assertThat(replaced.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(replaced.getBody().get("version").asLong()).isEqualTo(1);
        assertProblem(put("/v1/applications/hot/variants/small/profiles/cpu/cpu",
                profile.replace("\"loadMs\":12.5", "\"version\":0,\"loadMs\":10")), HttpStatus.CONFLICT, "version");
        assertProblem(put("/v1/applications/hot/variants/small/profiles/cpu/cpu",
                profile.replace("[0.9,0.8,1.0,0.9]", "[0.9,0.8]")), HttpStatus.UNPROCESSABLE_ENTITY, "classRecall");
        assertProblem(put("/v1/applications/hot/variants/small/profiles/cpu/cpu",
                profile.replace("\"p99Ms\":3.4", "\"p99Ms\":-1")), HttpStatus.BAD_REQUEST, "latency[1].p99Ms");
        assertProblem(put("/v1/applications/hot/variants/nope/profiles/cpu/cpu", profile), HttpStatus.NOT_FOUND, "variant");

        JsonNode hot = get("/v1/applications/hot").getBody();
        assertThat(hot.get("variants")).hasSize(2);
        JsonNode first = hot.get("variants").get(0);
        assertThat(first.get("name").asText()).isEqualTo("large");
        assertThat(first.get("profiles")).isEmpty();
        JsonNode second = hot.get("variants").get(1);
        assertThat(second.get("name").asText()).isEqualTo("small");
        assertThat(second.get("profiles")).hasSize(2);
        JsonNode cpuProfile = second.get("profiles").get(0);
        assertThat(cpuProfile.get("deviceKind").asText()).isEqualTo("cpu");
        assertThat(cpuProfile.get("loadMs").asDouble()).isEqualTo(11);
        assertThat(cpuProfile.get("latency").get(2).get("p99Ms").asDouble()).isEqualTo(5.9);
        assertThat(cpuProfile.get("confusionMatrix").get(1).toString()).isEqualTo("[0,8,2,0]");
        assertThat(cpuProfile.get("measuredAt").asText()).isEqualTo("2026-01-02T03:04:05Z");
        assertThat(second.get("profiles").get(1).get("executionProvider").asText()).isEqualTo("cuda");

        assertThat(delete("/v1/applications/hot/variants/small/profiles/gpu-h100/cuda").getStatusCode())
                .isEqualTo(HttpStatus.NO_CONTENT);
        assertThat(get("/v1/applications/hot").getBody().get("variants").get(1).get("profiles")).hasSize(1);

        JsonNode variants = get("/v1/applications/hot/variants?size=1").getBody();
        assertThat(variants.get("totalItems").asInt()).isEqualTo(2);
        assertThat(variants.get("totalPages").asInt()).isEqualTo(2);
        assertThat(variants.get("items")).hasSize(1);
    }

    @Test
    void variantsRefuseDuplicatesAndStaleVersions() {
        post("/v1/applications", app("vars", "single"));
        String digest = uploadModel(OnnxModels.identity("vars", OnnxModels.FLOAT, -1, 4));
        assertThat(post("/v1/applications/vars/variants", variant("v1", digest)).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertProblem(post("/v1/applications/vars/variants", variant("v1", digest)), HttpStatus.CONFLICT, "name");
        assertProblem(post("/v1/applications/vars/variants", variant("v2", "f".repeat(64))),
                HttpStatus.UNPROCESSABLE_ENTITY, "artifactDigest");
        assertProblem(post("/v1/applications/vars/variants", variant("v2", "not-a-digest")),
                HttpStatus.BAD_REQUEST, "artifactDigest");
        assertProblem(post("/v1/applications/vars/variants",
                "{\"name\":\"v3\",\"stage\":1,\"artifactDigest\":\"" + digest + "\"}"), HttpStatus.UNPROCESSABLE_ENTITY, "stage");

        String update = "{\"name\":\"v1\",\"artifactDigest\":\"" + digest + "\",\"version\":%d}";
        assertThat(put("/v1/applications/vars/variants/v1", update.formatted(0)).getStatusCode()).isEqualTo(HttpStatus.OK);
        assertProblem(put("/v1/applications/vars/variants/v1", update.formatted(0)), HttpStatus.CONFLICT, "version");
        assertProblem(get("/v1/applications/vars/variants/none"), HttpStatus.NOT_FOUND, "variant");
    }

    @Test
    void anApplicationInUseIsNotDeleted() {
        post("/v1/applications", app("busy", "single"));
        String digest = uploadModel(OnnxModels.identity("busy", OnnxModels.FLOAT, -1, 4));
        post("/v1/applications/busy/variants", variant("only", digest));
        put("/v1/applications/busy/variants/only/profiles/cpu/cpu",
                "{\"latency\":[{\"batchSize\":1,\"p50Ms\":1,\"p99Ms\":1}]}");

        ResponseEntity<JsonNode> refused = delete("/v1/applications/busy");
        assertProblem(refused, HttpStatus.CONFLICT, null);
        assertThat(refused.getBody().get("type").asText()).isEqualTo("urn:baton:problem:in-use");
        assertThat(refused.getBody().get("detail").asText()).contains("1 variant(s)");
        assertThat(get("/v1/applications/busy/variants/only").getBody().get("profiles")).hasSize(1); // nothing cascaded

        // the artifact is in use by the variant, too
        assertProblem(delete("/v1/artifacts/" + digest), HttpStatus.CONFLICT, null);

        ResponseEntity<JsonNode> plan = post("/v1/plans",
                "{\"policy\":\"symphony\",\"application\":\"busy\",\"plan\":{\"partitions\":[[0,1]]}}");
        assertThat(plan.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        long planId = plan.getBody().get("id").asLong();

        assertThat(delete("/v1/applications/busy/variants/only").getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
        ResponseEntity<JsonNode> stillRefused = delete("/v1/applications/busy");
        assertProblem(stillRefused, HttpStatus.CONFLICT, null);
        assertThat(stillRefused.getBody().get("detail").asText()).contains("1 plan(s)");

        assertThat(delete("/v1/plans/" + planId).getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
        assertThat(delete("/v1/applications/busy").getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
        assertProblem(get("/v1/applications/busy"), HttpStatus.NOT_FOUND, "name");
        assertThat(delete("/v1/artifacts/" + digest).getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
    }

    @Test
    void plansAreKeptVerbatimNewestFirst() {
        post("/v1/applications", app("planned", "single"));
        for (int i = 0; i < 3; i++) {
            assertThat(post("/v1/plans", "{\"policy\":\"nexus\",\"application\":\"planned\",\"plan\":{\"round\":" + i + "}}")
                    .getStatusCode()).isEqualTo(HttpStatus.CREATED);
        }
        post("/v1/plans", "{\"policy\":\"symphony\",\"plan\":{\"cluster\":true}}");
        JsonNode page = get("/v1/plans?policy=nexus&application=planned&size=2").getBody();
        assertThat(page.get("totalItems").asInt()).isEqualTo(3);
        assertThat(page.get("items").get(0).get("plan").get("round").asInt()).isEqualTo(2);
        assertThat(page.get("items").get(0).get("application").asText()).isEqualTo("planned");
        assertThat(get("/v1/plans?policy=symphony").getBody().get("items").get(0).get("application").isNull()).isTrue();
        assertProblem(post("/v1/plans", "{\"policy\":\"nexus\",\"application\":\"ghost\",\"plan\":{}}"),
                HttpStatus.NOT_FOUND, "application");
        assertProblem(post("/v1/plans", "{\"policy\":\"nexus\"}"), HttpStatus.BAD_REQUEST, "plan");
        assertProblem(get("/v1/plans/999999"), HttpStatus.NOT_FOUND, "id");
        assertProblem(get("/v1/plans/abc"), HttpStatus.BAD_REQUEST, "id");
    }
}
