package io.baton.scheduler.intake;

import io.baton.core.util.InFlightBytes;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The scheduler's budget of request bodies in flight, over real HTTP with real Content-Lengths: a body that does not
 * fit beside those held is refused with 503 before it is read, one larger than the whole budget with 413, each naming
 * the budget; what an answered request held is given back.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.request-bodies.max-in-flight=1MB", "baton.scheduler.registry-url=http://127.0.0.1:9"})
class RequestBodyBudgetHttpTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @LocalServerPort
    int port;

    @Autowired
    InFlightBytes budget;

    private HttpResponse<String> infer(int tensorBytes) throws Exception {
        String body = """
                {"application":"nowhere","inputs":[{"name":"x","datatype":"FP32","shape":[%d,1],"base64":"%s"}]}"""
                .formatted(tensorBytes / 4, Base64.getEncoder().encodeToString(new byte[tensorBytes]));
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/v1/infer"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aBodyLargerThanTheWholeBudgetIs413NamingIt() throws Exception {
        HttpResponse<String> answer = infer(1_000_000); // 1.3 MB of base64
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(413);
        JsonNode problem = JSON.readTree(answer.body());
        assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:request-too-large");
        assertThat(problem.get("detail").asText()).contains("baton.scheduler.request-bodies.max-in-flight = 1.0 MB");
        assertThat(budget.held()).isZero();
    }

    @Test
    void aBodyThatDoesNotFitBesideThoseHeldIs503AndFitsOnceTheyAreAnswered() throws Exception {
        long others = 700 * 1024;
        assertThat(budget.tryReserve(others)).isTrue(); // another request's body, held until it is answered
        try {
            HttpResponse<String> refused = infer(300_000); // 400 kB of base64
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
            JsonNode problem = JSON.readTree(refused.body());
            assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:bodies-in-flight");
            assertThat(problem.get("detail").asText()).contains("holds 0.7 MB of request bodies in flight")
                    .contains("max-in-flight = 1.0 MB");
        } finally {
            budget.release(others);
        }
        HttpResponse<String> admitted = infer(300_000);
        assertThat(admitted.statusCode()).as("read and answered on its merits: " + admitted.body())
                .isNotIn(413, 503);
        assertThat(budget.held()).as("given back once answered").isZero();
    }
}
