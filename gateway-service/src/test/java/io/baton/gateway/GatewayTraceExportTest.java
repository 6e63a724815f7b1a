package io.baton.gateway;

import static io.baton.gateway.support.Apps.application;
import static io.baton.gateway.support.Apps.spec;
import static io.baton.gateway.support.Apps.variant;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.sun.net.httpserver.HttpServer;

import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;

/**
 * With {@code management.otlp.tracing.endpoint} set, a request's timeline leaves over OTLP (HTTP, protobuf) to that
 * endpoint, a stand-in collector on a real port, when the trace settings trace it: the spans carry the client's trace
 * id and the gateway's span names.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability(metrics = false) // Spring Boot's tests leave tracing off without it
class GatewayTraceExportTest {

    static final StubRegistry REGISTRY = new StubRegistry();
    static final StubScheduler SCHEDULER = new StubScheduler();
    static final LinkedBlockingQueue<byte[]> EXPORTS = new LinkedBlockingQueue<>();
    static final HttpServer COLLECTOR;

    static {
        String x = spec("x", "FP32", "[-1,4]"), p = spec("probs", "FP32", "[-1,2]");
        REGISTRY.application("app", application("app", "single", "{}", 10_000, x, p, variant("m", 0, x, p)));
        SCHEDULER.application("app", "single", Map.of("m", new StubScheduler.Model(List.of("x"), List.of("probs"),
                in -> Map.of("probs", new double[] {1, 2}))));
        try {
            COLLECTOR = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        COLLECTOR.createContext("/v1/traces", exchange -> {
            try (exchange) {
                EXPORTS.add(exchange.getRequestBody().readAllBytes());
                exchange.sendResponseHeaders(200, -1);
            }
        });
        COLLECTOR.start();
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        properties.add("baton.gateway.registry-url", REGISTRY::url);
        properties.add("baton.gateway.scheduler-url", SCHEDULER::url);
        properties.add("management.otlp.tracing.endpoint",
                () -> "http://127.0.0.1:" + COLLECTOR.getAddress().getPort() + "/v1/traces");
        // dynamic properties reach the environment after ExportSwitch has read it (which SpanExportTest checks);
        // a setting wins over its default
        properties.add("management.tracing.enabled", () -> "true");
        properties.add("baton.tracing.export.rate", () -> "1");
    }

    @AfterAll
    static void close() {
        COLLECTOR.stop(0);
        REGISTRY.close();
        SCHEDULER.close();
    }

    @LocalServerPort
    int port;

    static int send(int port, String traceId) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + port + "/v2/models/app/infer")).header("Content-Type", "application/json")
                .header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01")
                .POST(HttpRequest.BodyPublishers.ofString("{\"inputs\":[{\"name\":\"x\","
                        + "\"datatype\":\"FP32\",\"shape\":[1,4],\"data\":[1,2,3,4]}]}")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    static int setLevel(int port, String level) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/v2/trace/setting")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"trace_level\": \"" + level + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    /**
     * A request traced while the level is OFF leaves nothing; the next one, traced, leaves its spans. The spans leave
     * in order from one queue, so once the second trace's have all arrived, the first's would have too.
     */
    @Test
    void aRequestsTimelineIsExportedInItsTraceWhenTheSettingsTraceIt() throws Exception {
        String off = "6cf92f3577b34da6a3ce929d0e0e4736";
        String traceId = "5bf92f3577b34da6a3ce929d0e0e4736";
        assertThat(setLevel(port, "OFF")).isEqualTo(200);
        assertThat(send(port, off)).isEqualTo(200);
        assertThat(setLevel(port, "TIMESTAMPS")).isEqualTo(200);
        assertThat(send(port, traceId)).isEqualTo(200);
        byte[] id = HexFormat.of().parseHex(traceId);
        byte[] offId = HexFormat.of().parseHex(off);
        // the export leaves in the background, in batches: wait until the trace's spans have all arrived (or fail
        // after a minute without one)
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (byte[] body; (body = EXPORTS.poll(60, TimeUnit.SECONDS)) != null; ) {
            assertThat(indexOf(body, offId)).as("a request not traced is not exported").isNegative();
            if (indexOf(body, id) < 0) continue;
            for (String name : List.of("inference", "admission", "scheduler_call")) {
                if (indexOf(body, name.getBytes()) >= 0) names.add(name);
            }
            if (names.size() == 3) return;
        }
        throw new AssertionError("the collector got only " + names + " of trace " + traceId);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) continue outer;
            }
            return i;
        }
        return -1;
    }
}
