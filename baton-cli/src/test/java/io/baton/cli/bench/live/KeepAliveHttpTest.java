package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The load generator's HTTP/1.1 client against real loopback servers: reuse, bodies, and each way an exchange fails. */
class KeepAliveHttpTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void sequentialRequestsShareOneConnectionAndGetStatusHeaderAndBody() throws Exception {
        Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
        HttpServer server = server(exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            byte[] seen = exchange.getRequestBody().readAllBytes();
            byte[] body = ("{\"got\":" + seen.length + ",\"type\":\"" + exchange.getRequestHeaders().getFirst("Content-Type")
                    + "\",\"x\":\"" + exchange.getRequestHeaders().getFirst("X-Extra") + "\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Inference-Header-Content-Length", "7");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        try (KeepAliveHttp client = new KeepAliveHttp(TIMEOUT)) {
            KeepAliveHttp.Prepared request = new KeepAliveHttp.Prepared(url(server), "application/json",
                    Map.of("X-Extra", "yes"), "{\"inputs\":[]}".getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 20; i++) {
                KeepAliveHttp.Answer answer = client.send(request, TIMEOUT, "Inference-Header-Content-Length", null)
                        .get(10, TimeUnit.SECONDS);
                assertThat(answer.status()).isEqualTo(200);
                assertThat(answer.header()).isEqualTo("7");
                assertThat(new String(answer.body(), StandardCharsets.UTF_8))
                        .isEqualTo("{\"got\":13,\"type\":\"application/json\",\"x\":\"yes\"}");
            }
            assertThat(clientPorts).hasSize(1);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aChunkedAnswerIsReadWholeAndAnAnswerThatClosesTheConnectionLeavesTheNextRequestANewOne() throws Exception {
        Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
        HttpServer server = server(exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Connection", "close");
            exchange.sendResponseHeaders(503, 0); // length 0: chunked
            for (int i = 0; i < 3; i++) exchange.getResponseBody().write("{\"error\":\"busy\"}".getBytes(StandardCharsets.UTF_8));
            exchange.close();
        });
        try (KeepAliveHttp client = new KeepAliveHttp(TIMEOUT)) {
            KeepAliveHttp.Prepared request = new KeepAliveHttp.Prepared(url(server), "application/json", Map.of(), new byte[] {'{', '}'});
            for (int i = 0; i < 3; i++) {
                KeepAliveHttp.Answer answer = client.send(request, TIMEOUT, null, null).get(10, TimeUnit.SECONDS);
                assertThat(answer.status()).isEqualTo(503);
                assertThat(answer.header()).isNull();
                assertThat(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo("{\"error\":\"busy\"}".repeat(3));
            }
            assertThat(clientPorts).hasSize(3);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aRefusedConnectionIsAConnectExceptionAndMayBeSentElsewhere() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (KeepAliveHttp client = new KeepAliveHttp(TIMEOUT)) {
            KeepAliveHttp.Prepared request = new KeepAliveHttp.Prepared(URI.create("http://127.0.0.1:" + port + "/v2/models/m/infer"),
                    "application/json", Map.of(), new byte[] {'{', '}'});
            Throwable failure = failure(client, request, TIMEOUT, null);
            assertThat(failure).isInstanceOf(ConnectException.class);
            assertThat(Resend.allowed(failure, false)).isTrue();
        }
    }

    @Test
    void aConnectionClosedBeforeAnyAnswerIsAnIoFailureThatMayBeSentElsewhere() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
             KeepAliveHttp client = new KeepAliveHttp(TIMEOUT)) {
            Thread closer = new Thread(() -> {
                try (Socket accepted = s.accept()) {
                    accepted.getInputStream().read(new byte[64]);
                } catch (IOException e) {
                    // the test fails on the client's side if this side fails
                }
            });
            closer.start();
            AtomicBoolean headers = new AtomicBoolean();
            Throwable failure = failure(client, new KeepAliveHttp.Prepared(URI.create("http://127.0.0.1:" + s.getLocalPort() + "/x"),
                    "application/json", Map.of(), new byte[] {'{', '}'}), TIMEOUT, () -> headers.set(true));
            closer.join();
            assertThat(failure).isInstanceOf(IOException.class).hasMessageContaining("closed before the answer");
            assertThat(headers).isFalse();
            assertThat(Resend.allowed(failure, headers.get())).isTrue();
        }
    }

    @Test
    void anAnswerLaterThanTheTimeoutIsAnHttpTimeoutWhichIsNotSentAgainAndTheClientServesOn() throws Exception {
        HttpServer server = server(exchange -> {
            exchange.getRequestBody().readAllBytes();
            if (exchange.getRequestURI().getPath().endsWith("slow")) {
                try {
                    Thread.sleep(1500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.sendResponseHeaders(200, 2);
            exchange.getResponseBody().write(new byte[] {'{', '}'});
            exchange.close();
        });
        try (KeepAliveHttp client = new KeepAliveHttp(TIMEOUT)) {
            URI base = url(server);
            Throwable failure = failure(client, new KeepAliveHttp.Prepared(base.resolve("slow"), "application/json", Map.of(),
                    new byte[0]), Duration.ofMillis(200), null);
            assertThat(failure).isInstanceOf(HttpTimeoutException.class);
            assertThat(Resend.allowed(failure, false)).isFalse();
            KeepAliveHttp.Answer next = client.send(new KeepAliveHttp.Prepared(base.resolve("fast"), "application/json", Map.of(),
                    new byte[0]), TIMEOUT, null, null).get(10, TimeUnit.SECONDS);
            assertThat(next.status()).isEqualTo(200);
        } finally {
            server.stop(0);
        }
    }

    private static Throwable failure(KeepAliveHttp client, KeepAliveHttp.Prepared request, Duration timeout, Runnable onHeaders)
            throws Exception {
        ExecutionException e = (ExecutionException) org.assertj.core.api.Assertions.catchThrowable(
                () -> client.send(request, timeout, null, onHeaders).get(10, TimeUnit.SECONDS));
        assertThat(e).as("the exchange should have failed").isNotNull();
        return e.getCause();
    }

    private static HttpServer server(com.sun.net.httpserver.HttpHandler handler) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", handler);
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(2));
        server.start();
        return server;
    }

    private static URI url(HttpServer server) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v2/models/m/infer");
    }
}
