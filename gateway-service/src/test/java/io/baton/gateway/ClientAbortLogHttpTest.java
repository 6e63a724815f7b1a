package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.RawHttp;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * A client that goes away mid-body (closing its connection, or resetting it) on infer, on the repository index and on
 * an admin upload is one WARN line naming the request and how much of its body came: no ERROR, no stack trace (each
 * was an ERROR with some 80 lines of stack, a lever for flooding the log).
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class ClientAbortLogHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();

    static {
        String x = Apps.spec("x", "FP32", "[-1,2]"), y = Apps.spec("y", "FP32", "[-1,1]");
        REGISTRY.application("sum", Apps.application("sum", "single", "{}", 5_000, x, y, Apps.variant("m", 0, x, y)));
        SCHEDULER.application("sum", "single", Map.of("m", new StubScheduler.Model(List.of("x"), List.of("y"),
                in -> Map.of("y", new double[] {in.get("x")[0] + in.get("x")[1]}))));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    @Test
    void anAbortedBodyIsOneWarnLine(CapturedOutput output) throws Exception {
        List<String> paths = List.of("/v2/models/sum/infer", "/v2/repository/index", "/v1/artifacts?type=onnx");
        int expected = 0;
        for (String path : paths) {
            for (boolean reset : List.of(false, true)) {
                abort(path, reset);
                expected++;
                awaitLines(output, expected);
            }
        }
        Thread.sleep(500); // anything logged late would show now
        List<String> lines = output.getOut().lines().filter(l -> l.contains("aborted the request body")).toList();
        assertThat(lines).hasSize(expected).allSatisfy(l -> assertThat(l).contains(" WARN ").contains("127.0.0.1")
                .contains("after 1000 of 100000 bytes"));
        for (String path : paths) {
            assertThat(lines).as(path).filteredOn(l -> l.contains(path.split("\\?")[0])).hasSize(2);
        }
        // the gateway's log (standard output; the registry stand-in prints the partial upload it was sent on stderr)
        assertThat(output.getOut()).doesNotContain(" ERROR ").doesNotContain("\tat ")
                .doesNotContain("ClientAbortException");
        // and the gateway goes on
        assertThat(RawHttp.get("127.0.0.1", port, "/v2/health/live", 5_000).status()).isEqualTo(200);
    }

    /** Declares 100,000 bytes, sends 1,000, then closes (or resets) the connection. */
    private void abort(String path, boolean reset) throws Exception {
        try (Socket s = RawHttp.open("127.0.0.1", port)) {
            RawHttp.write(s.getOutputStream(), ("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: "
                    + "application/octet-stream\r\nContent-Length: 100000\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            RawHttp.write(s.getOutputStream(), new byte[1000]);
            Thread.sleep(200); // the gateway is reading it
            if (reset) {
                s.setSoLinger(true, 0);
            }
        }
    }

    private static void awaitLines(CapturedOutput output, int n) throws InterruptedException {
        for (int i = 0; i < 200 && output.getOut().lines().filter(l -> l.contains("aborted the request body")).count()
                < n; i++) {
            Thread.sleep(50);
        }
    }
}
