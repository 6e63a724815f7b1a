package io.baton.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code POST /v1/profiling-jobs} with bodies a black-box fuzz sent, over real HTTP: each is a 400 problem whose
 * {@code detail} names the field, the kind of JSON it must be and the kind given, never a Java type or a Jackson
 * message. All are refused before the registry is asked, so none is running here.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class BadJobRequestTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    TestRestTemplate http;

    JsonNode refused(String body, String slug, String field, String... says) throws Exception {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        ResponseEntity<String> r = http.postForEntity("/v1/profiling-jobs", new HttpEntity<>(body, headers), String.class);
        assertThat(r.getStatusCode().value()).as(r.getBody()).isEqualTo(400);
        assertThat(r.getHeaders().getContentType().toString()).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(r.getBody());
        assertThat(problem.get("status").asInt()).isEqualTo(400);
        assertThat(problem.get("type").asText()).as(r.getBody()).isEqualTo("urn:baton:problem:" + slug);
        if (field == null) assertThat(problem.has("field")).as(r.getBody()).isFalse();
        else assertThat(problem.path("field").asText()).as(r.getBody()).isEqualTo(field);
        String detail = problem.get("detail").asText();
        assertThat(detail).as(r.getBody()).doesNotContain("java.", "io.baton.", "Jackson", "`", "Exception", "JobRequest");
        if (says.length > 0) assertThat(detail).as(r.getBody()).contains(says);
        return problem;
    }

    @Test
    void wrongJsonTypesNameTheFieldAndTheKindOfJsonExpected() throws Exception {
        refused("{\"application\":\"a\",\"warmup\":\"many\"}", "invalid-request", "warmup",
                "warmup must be a whole number", "got a string");
        refused("{\"application\":\"a\",\"repetitions\":[3]}", "invalid-request", "repetitions",
                "repetitions must be a whole number", "got an array");
        refused("{\"application\":\"a\",\"bins\":{}}", "invalid-request", "bins", "bins must be a whole number", "got an object");
        refused("{\"application\":\"a\",\"batchSizes\":4}", "invalid-request", "batchSizes",
                "batchSizes must be an array", "got a whole number");
        refused("{\"application\":\"a\",\"batchSizes\":[1,\"two\"]}", "invalid-request", "batchSizes[1]",
                "batchSizes[1] must be a whole number", "got a string");
        refused("{\"application\":\"a\",\"warmup\":99999999999}", "invalid-request", "warmup",
                "warmup must be a whole number from -2147483648 to 2147483647");
        refused("{\"application\":123}", "invalid-request", "application", "application must be a string",
                "got a whole number");
        refused("{\"application\":\"a\",\"provider\":true}", "invalid-request", "provider", "provider must be a string",
                "got true or false");
        refused("{\"application\":\"a\",\"batchsize\":4}", "invalid-request", "batchsize", "unknown field 'batchsize'");
    }

    @Test
    void aBodyThatIsNotAnObjectSaysSo() throws Exception {
        for (String body : List.of("[1]", "[]", "\"x\"", "7", "true")) {
            refused(body, "invalid-request", null, "the body must be a JSON object");
        }
        refused("[1]", "invalid-request", null, "the body must be a JSON object, got an array");
        refused("{\"application\": \"x\",", "malformed-json", null, "malformed JSON at line 1, column ");
        refused("{\"batchSizes\":[1,2}", "malformed-json", null, "expected ']' (for Array starting at line 1, column 15)");
        refused("{\"warmup\": NaN}", "malformed-json", null, "Non-standard token 'NaN'");
        refused("", "malformed-json", null, "missing or not JSON");
    }

    /** No field of a job request takes nested JSON, so a deep body is refused at its first wrong value. */
    @Test
    void deeplyNestedBodiesAreRefusedAtTheFirstWrongValue() throws Exception {
        String deep = "[".repeat(1500) + "]".repeat(1500);
        refused(deep, "invalid-request", null, "the body must be a JSON object, got an array");
        refused("{\"application\":\"a\",\"batchSizes\":" + deep + "}", "invalid-request", "batchSizes[0]",
                "batchSizes[0] must be a whole number, got an array");
        refused("{\"application\":" + "{\"a\":".repeat(1500) + "1" + "}".repeat(1501), "invalid-request", "application",
                "application must be a string, got an object");
    }
}
