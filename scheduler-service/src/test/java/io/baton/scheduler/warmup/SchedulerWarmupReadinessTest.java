package io.baton.scheduler.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.sun.net.httpserver.HttpServer;

import io.baton.commons.test.RegistryStub;
import io.baton.core.warmup.WarmupLoop;
import io.baton.scheduler.support.StubWorker;

/**
 * The scheduler warms its request path (the infer route's controller in-process, the catalog, the dispatcher, a
 * worker's batches) once a worker has registered, before it is ready: while the synthetic requests run, readiness is
 * REFUSING_TRAFFIC and {@code /actuator/health/readiness} answers 503; once settled, ACCEPTING_TRAFFIC and 200. The
 * synthetic requests reached the worker, no more of them than {@code max-requests}.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.warmup.enabled=true", "baton.scheduler.warmup.bound=2m", "baton.scheduler.warmup.worker-wait=1m",
        "baton.scheduler.warmup.window=3",
        "baton.scheduler.warmup.tolerance=10", "baton.scheduler.warmup.min-requests=10",
        "baton.scheduler.warmup.max-requests=50", "baton.scheduler.warmup.concurrency=1"})
class SchedulerWarmupReadinessTest {

    static final HttpServer REGISTRY = registry();
    static final StubWorker WORKER = worker();

    /** What readiness said while the warm-up's calls ran, seen from inside Spring and over HTTP. */
    static final List<ReadinessState> STATES_DURING = new CopyOnWriteArrayList<>();
    static final List<String> HTTP_DURING = new CopyOnWriteArrayList<>();

    /** The registry's application list and hot read: one single-model application, {@code lin}. */
    static HttpServer registry() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            String lin = RegistryStub.singleApp("lin", "work-conserving", 2000, "v1", "sha-warm", null);
            server.createContext("/v1/applications", exchange -> {
                String path = exchange.getRequestURI().getPath();
                String body = path.equals("/v1/applications") ? "{\"items\":[{\"name\":\"lin\"}],\"totalPages\":1}"
                        : path.equals("/v1/applications/lin") ? lin : null;
                byte[] bytes = (body != null ? body : "{\"status\":404}").getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(body != null ? 200 : 404, bytes.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static StubWorker worker() {
        try {
            return new StubWorker("cpu-w", 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    static void stop() {
        WORKER.close();
        REGISTRY.stop(0);
    }

    @DynamicPropertySource
    static void registryUrl(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.registry-url", () -> "http://127.0.0.1:" + REGISTRY.getAddress().getPort());
    }

    @TestConfiguration
    static class Observing {
        /** The worker registers as soon as the scheduler's port is open, as a worker started beside it would. */
        @Bean
        ApplicationListener<WebServerInitializedEvent> workerRegisters() {
            return event -> {
                URI self = URI.create("http://127.0.0.1:" + event.getWebServer().getPort());
                Thread t = new Thread(() -> {
                    try {
                        WORKER.register(self);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, "stub-worker-registers");
                t.setDaemon(true);
                t.start();
            };
        }

        /** The real calls, each first looking at readiness. */
        @Bean
        @Primary
        WarmupCalls observing(InProcessWarmupCalls real, ApplicationAvailability availability, Environment env) {
            AtomicBoolean askedOverHttp = new AtomicBoolean();
            return app -> {
                WarmupLoop.Call call = real.callFor(app);
                return () -> {
                    STATES_DURING.add(availability.getReadinessState());
                    if (askedOverHttp.compareAndSet(false, true)) {
                        HTTP_DURING.add(readiness(Integer.parseInt(env.getProperty("local.server.port"))));
                    }
                    call.run();
                };
            };
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    ApplicationAvailability availability;

    static String readiness(int port) {
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() + " " + r.body();
        } catch (Exception e) {
            return "failed: " + e;
        }
    }

    @Test
    void readinessRefusesTrafficUntilTheWarmupHasSettledThenAccepts() {
        assertThat(STATES_DURING).hasSizeGreaterThanOrEqualTo(10).containsOnly(ReadinessState.REFUSING_TRAFFIC);
        assertThat(HTTP_DURING).singleElement().asString().startsWith("503").contains("OUT_OF_SERVICE");

        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
        assertThat(readiness(port)).startsWith("200").contains("\"UP\"");
    }

    @Test
    void theSyntheticRequestsReachedTheWorkerNoMoreThanTheCap() {
        assertThat(WORKER.batches).isNotEmpty().hasSizeLessThanOrEqualTo(50);
        assertThat(WORKER.batches.get(0).path("inputs").path(0).path("name").asText()).isEqualTo("x");
    }
}
