package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.baton.core.security.InternalCredentials;

/**
 * {@code up}'s wait for the JIT compilers, against stand-in services on real loopback ports that export
 * {@code jvm_compilation_time_ms_total} as the services do: it ends once the summed growth stays under a tenth of a
 * core for two polls, keeps waiting while any service still compiles, gives up at its bound, and leaves out a service
 * that does not answer.
 */
class CompilerQuietTest {

    private final List<HttpServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(s -> s.stop(0));
    }

    /** A service whose counter is {@code counter.apply(n)} at its n-th scrape (0 first). */
    private URI service(IntFunction<Double> counter) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 8);
        AtomicInteger scrapes = new AtomicInteger();
        server.createContext("/actuator/prometheus", ex -> {
            double v = counter.apply(scrapes.getAndIncrement());
            byte[] body = ("# HELP jvm_compilation_time_ms_total The approximate accumulated elapsed time spent in compilation\n"
                    + "# TYPE jvm_compilation_time_ms_total counter\n"
                    + "jvm_compilation_time_ms_total{application=\"x\",compiler=\"HotSpot 64-Bit Tiered Compilers\"} " + v
                    + "\njvm_compilation_time_ms_totally_other 5.0\n").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        servers.add(server);
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/actuator/prometheus");
    }

    private static JsonHttp http() {
        return new JsonHttp(Duration.ofSeconds(5), InternalCredentials.none());
    }

    @Test
    void endsOnceEveryServiceHasStoppedCompiling() throws Exception {
        // one service busy for its first five scrapes (10 s of compiling each), then still; another always still
        URI busy = service(n -> n < 5 ? n * 10_000.0 : 40_000.0);
        URI still = service(n -> 1_000.0);
        CompilerQuiet.Outcome o = CompilerQuiet.await(http(), List.of(busy, still), Duration.ofMinutes(1),
                Duration.ofMillis(20));
        assertThat(o.quiet()).isTrue();
        assertThat(o.services()).isEqualTo(2);
        assertThat(o.compiledMs()).as("what the busy one compiled after the first scrape").isEqualTo(40_000.0);
        assertThat(o.describe()).startsWith("compilers quiet after").contains("40.0 s of compilation in 2 services");
    }

    @Test
    void givesUpAtItsBoundWhileAServiceKeepsCompiling() throws Exception {
        URI busy = service(n -> n * 10_000.0);
        CompilerQuiet.Outcome o = CompilerQuiet.await(http(), List.of(busy), Duration.ofMillis(300), Duration.ofMillis(20));
        assertThat(o.quiet()).isFalse();
        assertThat(o.compiledMs()).isPositive();
        assertThat(o.describe()).startsWith("compilers still busy at the bound");
    }

    @Test
    void leavesOutAServiceThatDoesNotAnswerAndWaitsForNoneWhenNoneDoes() throws Exception {
        URI still = service(n -> 7.0);
        URI gone = URI.create("http://127.0.0.1:1/actuator/prometheus");
        CompilerQuiet.Outcome o = CompilerQuiet.await(http(), List.of(still, gone), Duration.ofMinutes(1),
                Duration.ofMillis(20));
        assertThat(o.quiet()).isTrue();
        assertThat(o.services()).isEqualTo(1);

        CompilerQuiet.Outcome none = CompilerQuiet.await(http(), List.of(gone), Duration.ofMinutes(1), Duration.ofMillis(20));
        assertThat(none.quiet()).isFalse();
        assertThat(none.services()).isZero();
        assertThat(none.describe()).contains("not waited for");
    }

    @Test
    void readsTheMetricsSamplesAndNothingElse() {
        assertThat(CompilerQuiet.sum("jvm_compilation_time_ms_total{a=\"1\"} 12.5\njvm_compilation_time_ms_total{a=\"2\"} 2.5\n"))
                .isEqualTo(15.0);
        assertThat(CompilerQuiet.sum("jvm_gc_pause_seconds_count 3\n")).isNaN();
        assertThat(CompilerQuiet.sum("jvm_compilation_time_ms_totally_other 5\njvm_compilation_time_ms_total 1\n"))
                .isEqualTo(1.0);
    }
}
