package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.SuiteException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which scheduler a bench reads, against a real loopback server answering the leader route. */
class LeadingSchedulerTest {
    private final JsonHttp http = new JsonHttp(Duration.ofSeconds(5));
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) server.stop(0);
    }

    private URI answering(int status, String body) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(LeadingScheduler.LEADER_ROUTE, exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Test
    void theLeaderIsReadAsNamed() throws IOException {
        URI named = answering(200, "{\"leading\":true,\"leaderUrl\":\"http://127.0.0.1:1\"}");
        assertThat(LeadingScheduler.of(http, named, out)).isEqualTo(named);
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aStandbyIsReplacedByTheLeaderItNames() throws IOException {
        URI named = answering(200, "{\"leading\":false,\"leaderUrl\":\"http://127.0.0.1:31084\"}");
        assertThat(LeadingScheduler.of(http, named, out)).isEqualTo(URI.create("http://127.0.0.1:31084"));
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("stands by").contains("31084");
    }

    @Test
    void aStandbyThatKnowsNoLeaderIsAnError() throws IOException {
        URI named = answering(200, "{\"leading\":false,\"leaderUrl\":null}");
        assertThatThrownBy(() -> LeadingScheduler.of(http, named, out)).isInstanceOf(SuiteException.class)
                .hasMessageContaining("names no leader");
    }

    @Test
    void aSchedulerWithoutElectionIsReadAsNamed() throws IOException {
        URI named = answering(404, "{\"title\":\"Not Found\"}");
        assertThat(LeadingScheduler.of(http, named, out)).isEqualTo(named);
    }
}
