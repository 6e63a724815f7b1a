package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.Test;

class ClosedLoopTest {

    @Test
    void clientsRefusedForLoadBackOffInsteadOfSendingAgainAtOnce() throws Exception {
        AtomicInteger received = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v2/models/m/infer", exchange -> {
            received.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            byte[] body = "{\"error\":\"request refused: model 'm' has 8 requests in flight; retry shortly\"}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(503, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            Requests requests = new HttpRequests(HttpClient.newHttpClient(),
                    URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v2/models/m/infer"),
                    "input", new float[] {0.5f}, new int[] {1}, 1, Duration.ofSeconds(5));
            int clients = 4;
            ClosedLoop.Run run = ClosedLoop.run(requests, clients, 1.0, 1000);
            assertThat(run.outcomes()).allMatch(o -> o.status() == 503);
            // Each client waits 5, 10, 20, … up to 200 ms after each refusal: within one second that is at most
            // 1 + 1000 / 5 requests a client even if every wait were the first one, and about a dozen in fact.
            // Sent again at once, a local server answers thousands.
            assertThat(received.get()).isBetween(clients, clients * 20);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aGatewayTimeoutIsRefusedForLoadAndOtherAnswersAreNot() {
        assertThat(ClosedLoop.refusedForLoad(new Outcome(99, 504, 0, Double.NaN, "scheduler gave no answer"))).isTrue();
        assertThat(ClosedLoop.refusedForLoad(new Outcome(1, 503, 0, Double.NaN, "overloaded"))).isTrue();
        assertThat(ClosedLoop.refusedForLoad(new Outcome(1, 429, 0, Double.NaN, "too many"))).isTrue();
        assertThat(ClosedLoop.refusedForLoad(new Outcome(5, 200, 1, 1.0, null))).isFalse();
        assertThat(ClosedLoop.refusedForLoad(new Outcome(1, 400, 0, Double.NaN, "bad input"))).isFalse();
        assertThat(ClosedLoop.refusedForLoad(new Outcome(1, 502, 0, Double.NaN, "worker failed"))).isFalse();
    }
}
