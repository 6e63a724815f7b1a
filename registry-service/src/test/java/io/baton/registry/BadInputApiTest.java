package io.baton.registry;

import static io.baton.registry.ApplicationApiTest.app;
import static io.baton.registry.ApplicationApiTest.assertProblem;
import static io.baton.registry.ApplicationApiTest.variant;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.support.OnnxModels;
import io.baton.registry.support.PostgresHttpTest;

/**
 * What a black-box fuzz sent the registry, over real HTTP against PostgreSQL: every bad input is a 400 problem whose
 * {@code detail} names the field, what it must be and what was given, in JSON's terms (never a Java type, a Jackson
 * message or a stack trace); numbers that are not finite or absurd, and paging parameters out of range, are refused
 * rather than stored or silently replaced by a default.
 */
class BadInputApiTest extends PostgresHttpTest {

    /** A 400 problem naming {@code field} (null: none) whose detail contains every one of {@code says}. */
    static JsonNode refused(ResponseEntity<JsonNode> r, String slug, String field, String... says) {
        assertProblem(r, HttpStatus.BAD_REQUEST, field);
        JsonNode body = r.getBody();
        assertThat(body.get("type").asText()).as("type of %s", body).isEqualTo("urn:baton:problem:" + slug);
        if (field == null) assertThat(body.has("field")).as("field of %s", body).isFalse();
        String detail = body.get("detail").asText();
        assertThat(detail).as("detail").doesNotContain("java.", "io.baton.", "Jackson", "`", "Exception", "Enum class");
        if (says.length > 0) assertThat(detail).as("detail").contains(says);
        return body;
    }

    static String withSlo(String name, String slo) {
        return app(name, "single").replace("\"sloMs\":100", "\"sloMs\":" + slo);
    }

    @Test
    void wrongJsonTypesNameTheFieldAndTheKindOfJsonExpected() {
        refused(post("/v1/applications", withSlo("t1", "\"fast\"")), "invalid-request", "sloMs",
                "sloMs must be a number", "got a string");
        refused(post("/v1/applications", withSlo("t2", "[1]")), "invalid-request", "sloMs",
                "sloMs must be a number", "got an array");
        refused(post("/v1/applications", app("t3", "single").replaceFirst("\"inputs\":\\[.*?]}],", "\"inputs\":\"x\",")),
                "invalid-request", "inputs", "inputs must be an array", "got a string");
        refused(post("/v1/applications", app("t4", "single").replace("[-1,4]}],\n \"outputs", "\"x\"}],\n \"outputs")),
                "invalid-request", "inputs[0].shape", "inputs[0].shape must be an array");
        refused(post("/v1/applications", app("t5", "single").replace("[-1,4]}],\n \"outputs", "[-1,\"four\"]}],\n \"outputs")),
                "invalid-request", "inputs[0].shape[1]", "inputs[0].shape[1] must be a whole number", "got a string");
        refused(post("/v1/applications", app("t6", "single").replace("{\"type\":\"sigmoid\",\"parameters\":{\"steepness\":10}}",
                "\"x\"")), "invalid-request", "penalty", "penalty must be an object", "got a string");
        refused(post("/v1/applications", app("t7", "single").replace("{\"steepness\":10}", "{\"steepness\":\"steep\"}")),
                "invalid-request", "penalty.parameters.steepness", "penalty.parameters.steepness must be a number");
        refused(post("/v1/applications", app("t8", "single").replace("\"classes\":[\"a\",", "\"classes\":[{},")),
                "invalid-request", "classes[0]", "classes[0] must be a string", "got an object");
        refused(post("/v1/applications", app("t9", "single").replace("}}}", "}},\"version\":\"one\"}")),
                "invalid-request", "version", "version must be a whole number", "got a string");

        refused(post("/v1/api-keys", "{\"name\":\"a\",\"scopes\":[\"root\"]}"), "invalid-request", "scopes[0]",
                "scopes[0] must be one of admin, infer", "got a string");
        refused(post("/v1/api-keys", "{\"name\":\"a\",\"scopes\":\"admin\"}"), "invalid-request", "scopes",
                "scopes must be an array");
    }

    @Test
    void aBodyThatIsNotAnObjectSaysSo() {
        for (String path : List.of("/v1/applications", "/v1/api-keys", "/v1/plans", "/internal/v1/api-keys/verify")) {
            refused(post(path, "[1]"), "invalid-request", null, "the body must be a JSON object", "got an array");
            refused(post(path, "\"x\""), "invalid-request", null, "the body must be a JSON object", "got a string");
            refused(post(path, "7"), "invalid-request", null, "the body must be a JSON object");
        }
        post("/v1/applications", app("objects", "single"));
        String digest = uploadModel(OnnxModels.identity("obj", OnnxModels.FLOAT, -1, 4));
        assertThat(post("/v1/applications/objects/variants", variant("v", digest)).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        refused(post("/v1/applications/objects/variants", "[1]"), "invalid-request", null, "the body must be a JSON object");
        refused(put("/v1/applications/objects/variants/v/profiles/cpu/cpu", "[1]"), "invalid-request", null,
                "the body must be a JSON object");
        refused(put("/v1/applications/objects/ensemble-profile", "[1]"), "invalid-request", null,
                "the body must be a JSON object");
        refused(post("/v1/applications/objects/datasets", "[1]"), "invalid-request", null, "the body must be a JSON object");
        refused(post("/v1/applications/objects/variants", "{\"name\":\"w\",\"stage\":\"first\",\"artifactDigest\":\"" + digest + "\"}"),
                "invalid-request", "stage", "stage must be a whole number", "got a string");
        refused(post("/v1/applications/objects/variants", "{\"name\":\"w\",\"stage\":99999999999,\"artifactDigest\":\"" + digest + "\"}"),
                "invalid-request", "stage", "stage must be a whole number from -2147483648 to 2147483647");
    }

    @Test
    void malformedJsonSaysWhereInPlainWords() {
        for (String body : List.of("{\"name\": \"x\",", "{\"name\": x}", "{\"name\": \"x\" \"kind\": 1}", "{\"a\":[1,2}",
                "{\"name\":\"\u0000\"}".replace("\\u0000", "\u0001"), "{'name':1}", "{\"sloMs\": 01}", "{\"sloMs\": NaN}")) {
            refused(post("/v1/applications", body), "malformed-json", null, "malformed JSON at line 1, column ");
        }
        refused(post("/v1/applications", ""), "malformed-json", null, "the request body is missing or not JSON");
    }

    @Test
    void nestingPastTheReadersLimitSaysTheBodyNestsTooDeeply() {
        String deep = "[".repeat(1500) + "]".repeat(1500);
        refused(post("/v1/applications", app("deep", "single").replace("{\"beta\":1.5}", deep)), "malformed-json", null,
                "nests too deeply");
        refused(post("/v1/plans", "{\"policy\":\"symphony\",\"plan\":" + deep + "}"), "malformed-json", null,
                "nests too deeply");
        refused(post("/v1/applications", deep), "invalid-request", null, "the body must be a JSON object, got an array");
        String deepObject = "{\"a\":".repeat(1500) + "1" + "}".repeat(1500);
        refused(post("/v1/applications", app("deep2", "single").replace("{\"beta\":1.5}", deepObject)), "malformed-json",
                null, "nests too deeply");
    }

    @Test
    void sloMsMustBeFiniteAndWithinRange() {
        for (String slo : List.of("1e999", "-1e999", "\"Infinity\"", "\"NaN\"", "1e308", "1e40", "1e-300", "0", "-5",
                "0.05", "3600001")) {
            JsonNode body = refused(post("/v1/applications", withSlo("slo", slo)), "invalid-request", "sloMs",
                    "sloMs must be between 0.1 and 3600000 ms, got ");
            assertThat(body.get("errors").get(0).get("field").asText()).isEqualTo("sloMs");
        }
        assertThat(refused(post("/v1/applications", withSlo("slo", "1e-300")), "invalid-request", "sloMs")
                .get("detail").asText()).isEqualTo("sloMs must be between 0.1 and 3600000 ms, got 1e-300");
        assertThat(refused(post("/v1/applications", withSlo("slo", "1e999")), "invalid-request", "sloMs")
                .get("detail").asText()).endsWith("got Infinity");
        assertThat(get("/v1/applications/slo").getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND); // nothing stored

        // the bounds themselves are accepted, on create and on update
        assertThat(post("/v1/applications", withSlo("slo-low", "0.1")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(post("/v1/applications", withSlo("slo-high", "3600000")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        refused(put("/v1/applications/slo-low", withSlo("slo-low", "1e999").replace("}}}", "}},\"version\":0}")),
                "invalid-request", "sloMs", "sloMs must be between 0.1 and 3600000 ms, got Infinity");
        assertThat(get("/v1/applications/slo-low").getBody().get("sloMs").asDouble()).isEqualTo(0.1);
    }

    @Test
    void penaltyParametersAndProfileNumbersMustBeFinite() {
        refused(post("/v1/applications", app("pen", "single").replace("{\"steepness\":10}", "{\"steepness\":1e999}")),
                "invalid-request", "penalty.parameters[steepness]", "must be a finite number, got Infinity");

        post("/v1/applications", app("prof", "single"));
        String digest = uploadModel(OnnxModels.identity("prof", OnnxModels.FLOAT, -1, 4));
        assertThat(post("/v1/applications/prof/variants", variant("v", digest)).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        String profile = "{\"latency\":[{\"batchSize\":1,\"p50Ms\":P50,\"p99Ms\":2.5}],\"loadMs\":LOAD}";
        String path = "/v1/applications/prof/variants/v/profiles/cpu/cpu";
        refused(put(path, profile.replace("P50", "1e999").replace("LOAD", "1")), "invalid-request", "latency[0].p50Ms",
                "latency[0].p50Ms must be more than 0 and at most 3600000 ms, got Infinity");
        refused(put(path, profile.replace("P50", "0").replace("LOAD", "1")), "invalid-request", "latency[0].p50Ms",
                "must be more than 0");
        refused(put(path, profile.replace("P50", "2").replace("LOAD", "1e308")), "invalid-request", "loadMs",
                "loadMs must be between 0 and 3600000 ms, got 1e+308");
        refused(put(path, profile.replace("P50", "2").replace("LOAD", "1").replace("}],", "}],\"alphaMs\":\"Infinity\",")),
                "invalid-request", "alphaMs", "alphaMs must be between 0 and 3600000 ms, got Infinity");
        refused(put(path, profile.replace("P50", "2").replace("LOAD", "1").replace("}],", "}],\"quadratic\":[1,2,1e999],")),
                "invalid-request", "quadratic[2]", "must be a finite number");
        refused(put(path, profile.replace("P50", "2").replace("LOAD", "1").replace("}],", "}],\"measuredAt\":\"yesterday\",")),
                "invalid-request", "measuredAt", "measuredAt must be a date-time such as 2026-01-31T12:00:00Z", "got a string");
        refused(put(path, profile.replace("P50", "2").replace("LOAD", "1").replace("}],", "}],\"memoryBytes\":1.5e30,")),
                "invalid-request", "memoryBytes", "memoryBytes must be a whole number");
        assertThat(put(path, profile.replace("P50", "2").replace("LOAD", "1")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
    }

    @Test
    void pagingParametersOutOfRangeAreRefusedNamingThem() {
        for (String list : List.of("/v1/applications", "/v1/artifacts", "/v1/plans", "/v1/api-keys")) {
            refused(get(list + "?page=-1"), "invalid-request", "page", "page must be a whole number from 0 to 1000000, got -1");
            refused(get(list + "?page=abc"), "invalid-request", "page", "page must be a whole number from 0 to", "got 'abc'");
            refused(get(list + "?size=-5"), "invalid-request", "size", "size must be a whole number from 1 to 200, got -5");
            refused(get(list + "?size=0"), "invalid-request", "size", "from 1 to 200");
            refused(get(list + "?size=100000000"), "invalid-request", "size", "from 1 to 200, got 100000000");
            refused(get(list + "?size=99999999999999999999"), "invalid-request", "size", "from 1 to 200");
            refused(get(list + "?size="), "invalid-request", "size", "got nothing");
            assertThat(get(list + "?page=0&size=200").getStatusCode()).as(list).isEqualTo(HttpStatus.OK);
        }
        post("/v1/applications", app("paged", "single"));
        refused(get("/v1/applications/paged/variants?size=201"), "invalid-request", "size", "from 1 to 200, got 201");
        refused(get("/v1/applications/paged/datasets?page=x"), "invalid-request", "page");
        JsonNode page = get("/v1/applications?page=0&size=1").getBody();
        assertThat(page.get("size").asInt()).isEqualTo(1);
    }

    @Test
    void negativeVersionsHugeClassNamesAndNonStringNamesAreRefused() {
        post("/v1/applications", app("ver", "single"));
        refused(put("/v1/applications/ver", app("ver", "single").replace("}}}", "}},\"version\":-1}")),
                "invalid-request", "version", "version must be greater than or equal to 0");

        String huge = "c".repeat(1 << 20);
        refused(post("/v1/applications", app("big", "single").replace("\"classes\":[\"a\",", "\"classes\":[\"" + huge + "\",")),
                "invalid-request", "classes[0]", "classes[0] must be 1 to 256 characters");
        assertThat(post("/v1/applications", app("wide", "single").replace("\"classes\":[\"a\",\"b\",\"c\",\"d\"]",
                "\"classes\":[\"" + "c".repeat(256) + "\"]")).getStatusCode()).isEqualTo(HttpStatus.CREATED);

        refused(post("/v1/applications", app("tn", "single").replace("\"pixels\"", "\"" + "p".repeat(257) + "\"")),
                "invalid-request", "inputs[0].name", "inputs[0].name must be 1 to 256 characters");
        refused(post("/v1/applications", app("pp", "single").replace("{\"beta\":1.5}", "{\"beta\":[1,{\"x\":1e999}]}")),
                "invalid-request", "policyParams.beta[1].x", "policyParams.beta[1].x must be a finite number, got Infinity");
        assertThat(post("/v1/applications", app("pp", "single")).getStatusCode()).isEqualTo(HttpStatus.CREATED);

        refused(post("/v1/applications", app("x", "single").replace("\"name\":\"x\"", "\"name\":123")),
                "invalid-request", "name", "name must be a string", "got a whole number");
        refused(post("/v1/applications", app("x", "single").replace("\"policy\":\"symphony\"", "\"policy\":true")),
                "invalid-request", "policy", "policy must be a string");
        refused(post("/v1/api-keys", "{\"name\":1.5,\"scopes\":[\"admin\"]}"), "invalid-request", "name",
                "name must be a string", "got a number");
    }
    @Test
    void anApplicationNamesAPolicyTheSchedulerRunsForItsKind() {
        // a typo or a simulator-only baseline used to be stored, then served by work-conserving without a word
        String[] policies = {"symphony", "work-conserving", "interference", "interference-off", "schemble", "sneakpeek", "ipa"};
        for (String unknown : List.of("symphonyy", "clockwork", "nexus", "Symphony")) {
            refused(post("/v1/applications", withPolicy("u-" + unknown.toLowerCase(), "single", unknown)), "invalid-request",
                    "policy", "policy must be one of " + String.join(", ", policies), "got '" + unknown + "'");
        }
        refused(post("/v1/applications", withPolicy("long", "single", "p".repeat(5000))), "invalid-request", "policy",
                "got a 5000-character id");
        refused(post("/v1/applications", withPolicy("s1", "single", "schemble")), "invalid-request", "policy",
                "policy schemble serves ensemble applications, not single ones");
        refused(post("/v1/applications", withPolicy("s2", "pipeline", "sneakpeek")), "invalid-request", "policy",
                "policy sneakpeek serves single applications, not pipeline ones");
        refused(post("/v1/applications", withPolicy("s3", "ensemble", "ipa")), "invalid-request", "policy",
                "policy ipa serves pipeline applications, not ensemble ones");
        for (String kind : List.of("single", "ensemble", "pipeline")) {
            for (String policy : List.of("symphony", "work-conserving", "interference", "interference-off")) {
                assertThat(post("/v1/applications", withPolicy("pol-" + kind + "-" + policy, kind, policy)).getStatusCode())
                        .as("%s %s", kind, policy).isEqualTo(HttpStatus.CREATED);
            }
        }
        assertThat(post("/v1/applications", withPolicy("pol-e", "ensemble", "schemble")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(post("/v1/applications", withPolicy("pol-p", "pipeline", "ipa")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(post("/v1/applications", withPolicy("pol-sp", "single", "sneakpeek")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        // an update is checked the same way, and leaves the stored application as it was
        refused(put("/v1/applications/pol-sp", withPolicy("pol-sp", "single", "ipa").replace("}}}", "}},\"version\":0}")),
                "invalid-request", "policy", "policy ipa serves pipeline applications, not single ones");
        assertThat(get("/v1/applications/pol-sp").getBody().get("policy").asText()).isEqualTo("sneakpeek");
    }

    static String withPolicy(String name, String kind, String policy) {
        return app(name, kind).replace("\"policy\":\"symphony\"", "\"policy\":\"" + policy + "\"");
    }

    @Test
    void valuesAreNotCoercedAndTheBodyIsOneDocumentWithDistinctKeys() {
        // a second fuzz found each of these stored: an enum from its index, 1.9 as 1, "100" as 100, the last of two keys
        refused(post("/v1/api-keys", "{\"name\":\"k\",\"scopes\":[1]}"), "invalid-request", "scopes[0]",
                "scopes[0] must be one of admin, infer");
        refused(post("/v1/applications", app("co1", "single").replace("[-1,4]}],\n \"outputs", "[-1,1.9]}],\n \"outputs")),
                "invalid-request", "inputs[0].shape[1]", "inputs[0].shape[1] must be a whole number");
        refused(post("/v1/applications", withSlo("co2", "\"100\"")), "invalid-request", "sloMs", "sloMs must be a number");
        refused(post("/v1/applications", app("co3", "single").replace("}}}", "}},\"version\":1.5}")),
                "invalid-request", "version", "version must be a whole number");
        assertThat(post("/v1/applications", app("co4", "single").replace("{\"name\":\"co4\"", "{\"name\":\"co4\",\"name\":\"co5\""))
                .getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(post("/v1/applications", app("co6", "single") + " {\"name\":\"co7\"}").getStatusCode())
                .isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(get("/v1/applications/co5").getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(get("/v1/applications/co6").getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(post("/v1/applications", app("co8", "single")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        refused(post("/v1/plans", "{\"policy\":\"symphony\",\"plan\":{\"x\":[1,1e999]}}"), "invalid-request", "plan.x[1]",
                "plan.x[1] must be a finite number, got Infinity");
    }
}
