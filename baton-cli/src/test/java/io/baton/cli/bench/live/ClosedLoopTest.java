package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

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
        try (KeepAliveHttp client = HttpRequests.client()) {
            Requests requests = new HttpRequests(client,
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
    void aClientSendsItsNextRequestOnTheThreadThatReadItsAnswer() throws Exception {
        ExecutorService answering = Executors.newSingleThreadExecutor(r -> new Thread(r, "answers"));
        Set<String> sentFrom = ConcurrentHashMap.newKeySet();
        Requests requests = oneRequest(done -> {
            sentFrom.add(Thread.currentThread().getName());
            return CompletableFuture.runAsync(() -> done.accept(new Outcome(0.1, 200, 1, 0.05, null)), answering);
        });
        try {
            ClosedLoop.Run run = ClosedLoop.run(requests, 1, 0.3, 1000);
            assertThat(run.outcomes()).hasSizeGreaterThan(10).allMatch(o -> o.status() == 200);
            // the first from the caller's thread, every later one from the thread that read the last answer
            assertThat(sentFrom).contains("answers").hasSizeLessThanOrEqualTo(2);
        } finally {
            answering.shutdownNow();
        }
    }

    @Test
    void anAnswerWithinItsOwnSendDoesNotRecurseIntoTheNextRequest() throws Exception {
        ThreadLocal<int[]> depth = ThreadLocal.withInitial(() -> new int[1]);
        AtomicInteger deepest = new AtomicInteger();
        Requests requests = oneRequest(done -> {
            deepest.accumulateAndGet(++depth.get()[0], Math::max);
            try {
                // a request that fails at once, inside the send: a connection refused, a channel shut down
                done.accept(new Outcome(0.01, 400, 0, Double.NaN, "bad input"));
            } finally {
                depth.get()[0]--;
            }
            return CompletableFuture.completedFuture(null);
        });
        ClosedLoop.Run run = ClosedLoop.run(requests, 2, 0.3, 1000);
        assertThat(run.outcomes()).hasSizeGreaterThan(100);
        assertThat(deepest.get()).as("sends nested on one thread").isEqualTo(1);
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

    /** One request, sent as {@code send} says: it gets the callback its outcome goes to. */
    private static Requests oneRequest(Function<Consumer<Outcome>, CompletableFuture<Void>> send) {
        return new Requests() {
            @Override
            public int size() {
                return 1;
            }

            @Override
            public CompletableFuture<Void> send(int i, Consumer<Outcome> done) {
                return send.apply(done);
            }
        };
    }
}
