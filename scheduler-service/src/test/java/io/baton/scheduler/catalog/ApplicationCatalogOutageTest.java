package io.baton.scheduler.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;

import io.baton.core.security.InternalCredentials;
import io.baton.scheduler.web.ApiException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * The catalog with its registry stand-in (real HTTP) stopped, or answering 503 as the registry does with its database
 * down: every entry read before is served past its TTL (a TTL of zero here, so every call asks the registry), the
 * outage is visible as {@code baton.registry.reachable} 0 and {@code baton.registry.stale_reads}, an application never
 * read fails with a 502 naming the registry, and once the registry answers again its answers are served.
 */
class ApplicationCatalogOutageTest {

    private static final String APP = "{\"name\":\"fashion\",\"kind\":\"single\",\"policy\":\"symphony\",\"sloMs\":%d,"
            + "\"variants\":[]}";
    private static final String PROFILE = "{\"application\":\"ens\",\"models\":[\"a\",\"b\"],\"aggregator\":\"mean\","
            + "\"binEdges\":[0.5,1.0],\"binCounts\":[3,4],\"accuracy\":[[1.0,1.0,1.0],[1.0,1.0,1.0]],\"version\":7}";

    private final AtomicInteger slo = new AtomicInteger(80);
    private final AtomicInteger status = new AtomicInteger(200);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private HttpServer registry;
    private int port;
    private RegistryOutage outage;
    private ApplicationCatalog catalog;

    @BeforeEach
    void start() throws IOException {
        serve(0);
        outage = new RegistryOutage(meters);
        catalog = new ApplicationCatalog(new RegistryClient(URI.create("http://127.0.0.1:" + port), new ObjectMapper(),
                InternalCredentials.none()), Duration.ZERO, outage);
    }

    private void serve(int onPort) throws IOException {
        registry = HttpServer.create(new InetSocketAddress("127.0.0.1", onPort), 0);
        registry.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getRawPath();
            int code = status.get();
            String body;
            if (code != 200) {
                body = "{\"type\":\"urn:baton:problem:database-unavailable\",\"status\":503}";
            } else if (path.equals("/v1/applications/fashion")) {
                body = APP.formatted(slo.get());
            } else if (path.equals("/v1/applications/ens/ensemble-profile")) {
                body = PROFILE;
            } else {
                code = 404;
                body = "{}";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(code, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        registry.start();
        port = registry.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        registry.stop(0);
    }

    private double reachable() {
        return meters.get("baton.registry.reachable").gauge().value();
    }

    private double staleReads() {
        return meters.get("baton.registry.stale_reads").counter().count();
    }

    @Test
    void servesWhatItReadBeforeWhileTheRegistryIsStoppedAndItsAnswersOnceItIsBack() throws IOException {
        assertEquals(80, catalog.get("fashion").sloMs());
        assertEquals(7, catalog.ensembleProfile("ens").orElseThrow().version());
        assertTrue(catalog.ensembleProfile("plain").isEmpty());
        assertEquals(1.0, reachable());

        registry.stop(0);
        assertEquals(80, catalog.get("fashion").sloMs());
        assertEquals(80, catalog.get("fashion").sloMs());
        assertEquals(7, catalog.ensembleProfile("ens").orElseThrow().version());
        assertTrue(catalog.ensembleProfile("plain").isEmpty(), "a profile known absent stays absent");
        assertEquals(0.0, reachable());
        assertEquals(4.0, staleReads());
        assertTrue(outage.down());

        ApiException never = assertThrows(ApiException.class, () -> catalog.get("never-read"));
        assertEquals(HttpStatus.BAD_GATEWAY, never.status());
        assertEquals("registry-unavailable", never.slug());
        assertTrue(never.getMessage().contains("registry"), never.getMessage());

        slo.set(120);
        serve(port);
        assertEquals(120, catalog.get("fashion").sloMs(), "the registry's answer, once it answers again");
        assertEquals(1.0, reachable());
        assertFalse(outage.down());
        assertEquals(4.0, staleReads());
    }

    @Test
    void servesWhatItReadBeforeWhileTheRegistryAnswers503() {
        assertEquals(80, catalog.get("fashion").sloMs());
        assertEquals(7, catalog.ensembleProfile("ens").orElseThrow().version());

        status.set(503);
        assertEquals(80, catalog.get("fashion").sloMs());
        assertEquals(7, catalog.ensembleProfile("ens").orElseThrow().version());
        assertEquals(0.0, reachable());
        assertEquals(2.0, staleReads());

        status.set(200);
        assertEquals(80, catalog.get("fashion").sloMs());
        assertEquals(1.0, reachable());
    }

    @Test
    void anExpiredApplicationIsReadAgainInTheBackgroundWhileRequestsGoOnWithTheOneHeld() {
        java.util.ArrayDeque<Runnable> background = new java.util.ArrayDeque<>();
        ApplicationCatalog later = new ApplicationCatalog(new RegistryClient(URI.create("http://127.0.0.1:" + port),
                new ObjectMapper(), InternalCredentials.none()), Duration.ofNanos(1), outage, background::add);
        assertEquals(80, later.get("fashion").sloMs(), "an application never read is read on the request");
        slo.set(120);
        for (int i = 0; i < 3; i++) {
            assertEquals(80, later.get("fashion").sloMs(), "expired, but served without waiting for the registry");
        }
        assertEquals(1, background.size(), "one read again, not one per request");
        background.poll().run();
        assertEquals(120, later.get("fashion").sloMs(), "what the read in the background found");

        assertEquals(1, background.size(), "the request above found it expired again");
        registry.stop(0);
        assertEquals(120, later.get("fashion").sloMs(), "a read is under way: nothing more is asked");
        assertEquals(1, background.size());
        background.poll().run(); // fails: counted as a stale read, and the next request asks again
        assertEquals(1.0, staleReads());
        assertEquals(120, later.get("fashion").sloMs());
        assertEquals(1, background.size());
    }

    @Test
    void anApplicationTheRegistryNoLongerHasIsUnknownAtOnce() {
        assertEquals(80, catalog.get("fashion").sloMs());
        registry.removeContext("/");
        registry.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        ApiException gone = assertThrows(ApiException.class, () -> catalog.get("fashion"));
        assertEquals(HttpStatus.NOT_FOUND, gone.status());
    }
}
