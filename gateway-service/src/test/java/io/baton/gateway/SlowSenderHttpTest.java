package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.RawHttp;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * Slow senders over real sockets: connections that declare a 100 kB body and send a byte every 300 ms. Each loopback
 * address (127.0.0.x) is a client of its own. While they hold all the body reading one address may have, readiness
 * and real inferences from another client are answered; admission permits are not held by bodies still arriving
 * (the cap here is 2, below the senders' count); past the grace the senders are answered 408 and cut off; past the
 * reading capacity of all clients a body is refused at once while readiness still answers.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.edge.body.max-concurrent-reads=6", "baton.gateway.edge.body.max-concurrent-reads-per-client=3",
        "baton.gateway.edge.body.rate-grace=1500ms", "baton.gateway.edge.body.min-rate=1KB",
        "baton.gateway.edge.body.stall-timeout=1s",
        "baton.gateway.admission.max-in-flight=2", "baton.gateway.admission.min-in-flight=2"})
class SlowSenderHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();
    static final String BODY = "{\"inputs\":[{\"name\":\"x\",\"shape\":[1,2],\"datatype\":\"FP32\",\"data\":[1,2]}]}";
    static final String INDEX = "/v2/repository/index";
    static final String INFER = "/v2/models/sum/infer";

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
    void slowSendersOnTheIndexLeaveReadinessAndInferenceToOthersAndAreCutOff() throws Exception {
        slowSendersLeaveOthersServed(INDEX, "127.0.0.11");
    }

    @Test
    void slowSendersOnInferHoldNoAdmissionPermitAndAreCutOff() throws Exception {
        // 3 bodies arriving against an admission cap of 2: had they taken permits before their bodies, no real
        // inference could be let in until they were gone
        slowSendersLeaveOthersServed(INFER, "127.0.0.12");
    }

    private void slowSendersLeaveOthersServed(String path, String attacker) throws Exception {
        try (RawHttp.SlowSenders slow = new RawHttp.SlowSenders(attacker, port, path, 5, 100_000, 300)) {
            // while they send: the ready probe, and real inferences from another client, are answered
            RawHttp.Answer ready = RawHttp.get("127.0.0.2", port, "/v2/health/ready", 5_000);
            assertThat(ready.status()).as(ready.body()).isEqualTo(200);
            for (int i = 0; i < 3; i++) {
                RawHttp.Answer served = RawHttp.post("127.0.0.2", port, INFER, BODY, 5_000);
                assertThat(served.status()).as(served.body()).isEqualTo(200);
                assertThat(JSON.readTree(served.body()).at("/outputs/0/data/0").asDouble()).isEqualTo(3.0);
            }
            // the attacker's address had 3 bodies read at once (its share), the other 2 refused at once; the 3 are
            // answered 408 once the grace has passed, and their connections closed
            List<RawHttp.Answer> answers = slow.answers(10_000);
            assertThat(answers.stream().map(RawHttp.Answer::status)).containsExactlyInAnyOrder(408, 408, 408, 429, 429);
            assertThat(answers).allSatisfy(a -> assertThat(a.header("Connection")).isEqualTo("close"));
            assertThat(answers.stream().filter(a -> a.status() == 408)).allSatisfy(a ->
                    assertThat(JSON.readTree(a.body()).get("error").asText())
                            .startsWith("the request body arrives too slowly").contains("baton.gateway.edge.body"));
            assertThat(answers.stream().filter(a -> a.status() == 429)).allSatisfy(a -> {
                assertThat(a.header("Retry-After")).isEqualTo("1");
                assertThat(JSON.readTree(a.body()).get("error").asText()).contains("too many request bodies")
                        .contains(attacker).contains("max-concurrent-reads-per-client");
            });
        }
    }

    @Test
    void pastTheReadingCapacityABodyIsRefusedAtOnceAndReadinessStillAnswers() throws Exception {
        try (RawHttp.SlowSenders a = new RawHttp.SlowSenders("127.0.0.21", port, INDEX, 3, 100_000, 300);
             RawHttp.SlowSenders b = new RawHttp.SlowSenders("127.0.0.22", port, INFER, 3, 100_000, 300)) {
            assertThat(RawHttp.get("127.0.0.23", port, "/v2/health/ready", 5_000).status()).isEqualTo(200);
            assertThat(RawHttp.get("127.0.0.23", port, "/v2/health/live", 5_000).status()).isEqualTo(200);
            assertThat(RawHttp.get("127.0.0.23", port, "/actuator/health/readiness", 5_000).status()).isEqualTo(200);
            RawHttp.Answer refused = RawHttp.post("127.0.0.23", port, INFER, BODY, 5_000);
            assertThat(refused.status()).as(refused.body()).isEqualTo(503);
            assertThat(refused.header("Retry-After")).isEqualTo("1");
            assertThat(JSON.readTree(refused.body()).get("error").asText())
                    .contains("baton.gateway.edge.body.max-concurrent-reads");
            assertThat(a.answers(10_000)).extracting(RawHttp.Answer::status).containsOnly(408);
            assertThat(b.answers(10_000)).extracting(RawHttp.Answer::status).containsOnly(408);
        }
        // the capacity is given back: a body is read again
        RawHttp.Answer served = RawHttp.post("127.0.0.23", port, INFER, BODY, 5_000);
        assertThat(served.status()).as(served.body()).isEqualTo(200);
    }

    @Test
    void aSlowBodyTooLargeIs413AndItsConnectionClosedUnread() throws Exception {
        // 100 MB declared, past max-infer-request-size (64MB): refused by its Content-Length, and the connection is
        // closed rather than read on (Tomcat would read up to 2 MB more after the answer, at the sender's pace)
        try (RawHttp.SlowSenders slow = new RawHttp.SlowSenders("127.0.0.13", port, INFER, 1, 100_000_000, 300)) {
            RawHttp.Answer a = slow.answers(5_000).get(0);
            assertThat(a.status()).as(a.body()).isEqualTo(413);
            assertThat(a.header("Connection")).isEqualTo("close");
        }
    }

    @Test
    void aStalledBodyIsCutByTheUploadTimeout() throws Exception {
        // headers and 10 bytes of 100,000, then nothing: the read waits the stall timeout (1 s here), not Tomcat's
        // connection timeout, and the client is answered 408 or its connection closed
        try (java.net.Socket s = RawHttp.open("127.0.0.31", port)) {
            RawHttp.write(s.getOutputStream(), ("POST " + INFER + " HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n"
                    + "\r\n{\"inputs\":").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            s.setSoTimeout(15_000);
            RawHttp.Answer a = RawHttp.read(s.getInputStream());
            assertThat(a.status()).isIn(408, -1);
        }
        RawHttp.Answer served = RawHttp.post("127.0.0.31", port, INFER, BODY, 5_000);
        assertThat(served.status()).as(served.body()).isEqualTo(200);
    }
}
