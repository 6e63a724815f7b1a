package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * The gateway's budget of request bodies held at once, over real HTTP with a budget small enough to cross: a body that
 * would pass it beside one already held is refused at once with a 503, {@code Retry-After} and the setting's name,
 * and is served once the first is answered; a body larger than the whole budget is a 413. Each body is held several
 * times over while it is decoded and re-encoded, so the bytes held, not the number of requests, bound the heap.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.request-limits.max-bodies-in-flight=150B"})
class GatewayBodyBudgetHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    /** An infer request for {@code rows} rows of 4 values: 75 + 8 * rows bytes (91 for 2 rows, 107 for 4). */
    private HttpRequest request(int rows) {
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < rows * 4; i++) data.append(i == 0 ? "" : ",").append(1);
        String body = "{\"inputs\": [{\"name\": \"x\", \"shape\": [" + rows + ", 4], \"datatype\": \"FP32\", \"data\": ["
                + data + "]}]}";
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/models/fashion/infer"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    @Test
    void aBodyThatWouldPassTheBudgetBesideOneHeldIsRefusedUntilThatOneIsAnswered() throws Exception {
        SCHEDULER.calls.clear();
        SCHEDULER.delay("fashion", 1_500);
        try {
            CompletableFuture<HttpResponse<String>> first =
                    http.sendAsync(request(2), HttpResponse.BodyHandlers.ofString()); // 91 bytes, held
            long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (SCHEDULER.calls.isEmpty() && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            assertThat(SCHEDULER.calls).as("the first request reached the scheduler").hasSize(1);

            // 107 bytes more: 198 together, past 150
            HttpResponse<String> second = http.send(request(4), HttpResponse.BodyHandlers.ofString());
            assertThat(second.statusCode()).as(second.body()).isEqualTo(503);
            assertThat(second.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(JSON.readTree(second.body()).path("error").asText())
                    .contains("would pass its budget of 150 bytes")
                    .contains("baton.gateway.request-limits.max-bodies-in-flight");
            assertThat(SCHEDULER.calls).as("the refused request was not sent on").hasSize(1);

            assertThat(first.get().statusCode()).as(first.get().body()).isEqualTo(200);
        } finally {
            SCHEDULER.delay("fashion", 0);
        }
        HttpResponse<String> again = http.send(request(4), HttpResponse.BodyHandlers.ofString());
        assertThat(again.statusCode()).as("the budget was given back: " + again.body()).isEqualTo(200);
    }

    @Test
    void aBodyLargerThanTheWholeBudgetIsTooLarge() throws Exception {
        HttpResponse<String> r = http.send(request(20), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(413);
        assertThat(JSON.readTree(r.body()).path("error").asText())
                .contains("larger than the gateway's whole budget for request bodies held at once, 150 bytes")
                .contains("baton.gateway.request-limits.max-bodies-in-flight");
    }
}
