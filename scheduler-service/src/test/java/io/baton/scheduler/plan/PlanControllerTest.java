package io.baton.scheduler.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.cli.Baton;
import io.baton.core.plan.Plans;

/** {@code POST /v1/plans/{policy}} over real HTTP answers exactly what {@code baton plan <policy>} prints. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class PlanControllerTest {

    /** One valid body per policy: the examples of the CLI's own tests. */
    static final Map<String, String> EXAMPLES = Map.of(
            "symphony-sizing", """
                    {"alphaMs":1.2,"betaMs":6,"sloMs":50,"rate":2000,"maxBatch":256}""",
            "schemble", """
                    {"nowMs":0,"delta":0.01,
                     "models":[{"name":"a","latencyMs":10,"busyUntilMs":0},{"name":"b","latencyMs":25,"busyUntilMs":5}],
                     "queries":[{"id":"q1","deadlineMs":40,"utility":{"a":0.7,"b":0.8,"a+b":1.0}}]}""",
            "sneakpeek", """
                    {"nowMs":0,"loadedModel":null,"bruteForceThreshold":5,"splitByLabel":false,"shortCircuit":false,
                     "apps":[{"name":"fall","penalty":{"type":"step"},"prior":[0.5,0.5],
                              "models":[{"name":"f1","latencyMs":12,"loadMs":30,"recall":[0.9,0.6]}]}],
                     "requests":[{"id":"r1","app":"fall","deadlineMs":150,"evidence":[2,3]}]}""",
            "ipa", """
                    {"arrivalRate":20,"slaMs":6890,"weights":{"alpha":2,"beta":1,"delta":1e-6},
                     "batchSizes":[1,2,4,8],"maxReplicas":64,
                     "stages":[{"name":"detect","variants":[{"name":"yolov5n","accuracy":0.457,"cores":2,
                       "latencyMs":{"1":80,"2":110,"4":170,"8":300}}]}]}""");

    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    TestRestTemplate http;

    ResponseEntity<String> post(String policy, String body) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.postForEntity("/v1/plans/" + policy, new HttpEntity<>(body, headers), String.class);
    }

    /** What {@code bin/baton plan <policy> --input -} prints for {@code body}, run in-process. */
    static Cli cli(String policy, String body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Baton.run(new String[] {"plan", policy, "--input", "-"},
                    new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), o, e);
        }
        return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    record Cli(int code, String out, String err) {}

    @Test
    void everyPolicyAnswersExactlyWhatTheCliPrints() {
        assertThat(EXAMPLES.keySet()).containsExactlyInAnyOrderElementsOf(Plans.POLICIES);
        for (var example : EXAMPLES.entrySet()) {
            ResponseEntity<String> response = post(example.getKey(), example.getValue());
            assertThat(response.getStatusCode()).as(example.getKey()).isEqualTo(HttpStatus.OK);
            assertThat(response.getHeaders().getContentType()).isNotNull();
            assertThat(response.getHeaders().getContentType().isCompatibleWith(MediaType.APPLICATION_JSON)).isTrue();
            Cli cli = cli(example.getKey(), example.getValue());
            assertThat(cli.code()).as(cli.err()).isZero();
            assertThat(response.getBody()).as(example.getKey())
                    .isEqualTo(cli.out().strip())
                    .isEqualTo(Plans.plan(example.getKey(), example.getValue()));
        }
        // Hand-checked: Symphony's sizing of the CLI's example (3 GPUs, batch 26).
        assertThat(post("symphony-sizing", EXAMPLES.get("symphony-sizing")).getBody()).isEqualTo("{\"gpus\":3,\"batch\":26}");
    }

    @Test
    void badInputIsA400WhoseDetailIsTheClisLine() throws Exception {
        String[][] cases = {
                {"symphony-sizing", "{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":-1,\"rate\":2000}", "sloMs"},
                {"symphony-sizing", "{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000,\"colour\":1}", "colour"},
                {"symphony-sizing", "{\"alphaMs\":1.2,", "input"},
                {"schemble", EXAMPLES.get("schemble").replace("\"a+b\":1.0", "\"a+c\":1.0"), "queries[0].utility.a+c"},
                {"ipa", EXAMPLES.get("ipa").replace("\"slaMs\":6890", "\"slaMs\":\"x\""), "slaMs"},
                {"sneakpeek", EXAMPLES.get("sneakpeek").replace("\"app\":\"fall\"", "\"app\":\"nope\""), "requests[0].app"},
                // deeper than Jackson's nesting limit: its error has no location (this was a 500)
                {"schemble", "{\"a\":".repeat(1001) + "1" + "}".repeat(1001), "1000 levels"},
                {"symphony-sizing", "[".repeat(3000) + "]".repeat(3000), "1000 levels"},
                // another parser limit is named as itself, not as nesting
                {"symphony-sizing", "{\"alphaMs\":1" + "0".repeat(1500) + ",\"betaMs\":6,\"sloMs\":50,\"rate\":2000}", "too many digits"},
                // Jackson's advice to enable one of its features is not for the user
                {"symphony-sizing", "{\"alphaMs\":NaN,\"betaMs\":6,\"sloMs\":50,\"rate\":2000}", "line 1, column"},
        };
        for (String[] c : cases) {
            ResponseEntity<String> response = post(c[0], c[1]);
            assertThat(response.getStatusCode()).as(c[1]).isEqualTo(HttpStatus.BAD_REQUEST);
            assertThat(response.getHeaders().getContentType().toString()).startsWith("application/problem+json");
            JsonNode problem = JSON.readTree(response.getBody());
            Cli cli = cli(c[0], c[1]);
            assertThat(cli.code()).isEqualTo(2);
            assertThat(problem.get("status").asInt()).isEqualTo(400);
            assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:invalid-request");
            assertThat(problem.get("detail").asText()).as(c[1]).doesNotContain("`", "Feature", "Jackson")
                    .isEqualTo(cli.err().strip().substring("baton: ".length()))
                    .contains(c[2]);
        }
    }

    @Test
    void aMissingBodyIsA400() throws Exception {
        ResponseEntity<String> response = http.postForEntity("/v1/plans/ipa", null, String.class);
        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(JSON.readTree(response.getBody()).get("detail").asText()).isNotBlank();
    }

    @Test
    void unknownPolicyIsA404() throws Exception {
        ResponseEntity<String> response = post("nexus", EXAMPLES.get("ipa"));
        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(response.getHeaders().getContentType().toString()).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(response.getBody());
        assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:unknown-policy");
        assertThat(problem.get("detail").asText()).contains("'nexus'").contains("symphony-sizing");
    }
}
