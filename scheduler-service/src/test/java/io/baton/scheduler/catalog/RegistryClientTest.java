package io.baton.scheduler.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.baton.scheduler.web.ApiException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

/** The registry's answers, over real HTTP, as the scheduler reads them: 200 a body, 404 empty, anything else a 502. */
class RegistryClientTest {

    private HttpServer registry;
    private final List<String> paths = new CopyOnWriteArrayList<>();
    private RegistryClient client;

    @BeforeEach
    void start() throws IOException {
        registry = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        registry.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getRawPath();
            paths.add(path);
            int status;
            String body;
            if (path.equals("/v1/applications/fashion%20single")) {
                status = 200;
                body = "{\"name\":\"fashion single\",\"kind\":\"single\",\"policy\":\"symphony\",\"sloMs\":80,"
                        + "\"variants\":[],\"addedLater\":true}";
            } else if (path.startsWith("/v1/applications/broken")) {
                status = 500;
                body = "{}";
            } else {
                status = 404;
                body = "{}";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        registry.start();
        client = new RegistryClient(URI.create("http://127.0.0.1:" + registry.getAddress().getPort()), new ObjectMapper(),
                io.baton.core.security.InternalCredentials.none());
    }

    @AfterEach
    void stop() {
        registry.stop(0);
    }

    @Test
    void readsAnApplicationWhoseNameNeedsEscapingAndIgnoresFieldsItDoesNotKnow() {
        CatalogApplication app = client.application("fashion single").orElseThrow();
        assertEquals("fashion single", app.name());
        assertEquals(80, app.sloMs());
        assertEquals("/v1/applications/fashion%20single", paths.get(0)); // a space is %20, not '+'
    }

    @Test
    void anUnknownApplicationOrProfileIsEmpty() {
        assertTrue(client.application("nobody").isEmpty());
        assertTrue(client.ensembleProfile("nobody").isEmpty());
        assertEquals("/v1/applications/nobody/ensemble-profile", paths.get(1));
    }

    @Test
    void aRegistryErrorIsABadGatewayNamingTheAnswer() {
        ApiException e = assertThrows(ApiException.class, () -> client.ensembleProfile("broken"));
        assertEquals(HttpStatus.BAD_GATEWAY, e.status());
        assertEquals("registry-unavailable", e.slug());
        assertTrue(e.getMessage().contains("500"), e.getMessage());
    }

    @Test
    void aRegistryThatDoesNotAnswerIsABadGateway() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        RegistryClient down = new RegistryClient(URI.create("http://127.0.0.1:" + closedPort), new ObjectMapper(),
                io.baton.core.security.InternalCredentials.none());
        ApiException e = assertThrows(ApiException.class, () -> down.application("fashion-single"));
        assertEquals(HttpStatus.BAD_GATEWAY, e.status());
        assertTrue(e.getMessage().contains("did not answer"), e.getMessage());
    }
}
