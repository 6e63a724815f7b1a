package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.RawHttp;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * What {@code baton bench fuzz} found the gateway answering with a 5xx, a bare status or a silent acceptance, each
 * now a 4xx naming the fault: HTTP versions and transfer encodings Tomcat calls not implemented, CONNECT and TRACE,
 * JSON that is not UTF-8, and model names no application can have.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability(tracing = false)
class GatewayFuzzFindingsHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();
    static final String EX = "{\"id\": \"ID\", \"inputs\": [{\"name\": \"x\", \"shape\": [1, 4], \"datatype\": \"FP32\", "
            + "\"data\": [1, 2, 3, 4]}]}";

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    @AfterEach
    void forgetCalls() {
        SCHEDULER.calls.clear();
    }

    RawHttp.Answer send(String requestLine, String headers, byte[] body) throws Exception {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes((requestLine + "\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
                + headers + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes(body);
        return RawHttp.exchange("127.0.0.1", port, request.toByteArray(), 10_000);
    }

    RawHttp.Answer post(String requestLine, byte[] body) throws Exception {
        return send(requestLine, "Content-Length: " + body.length + "\r\n", body);
    }

    /** The answer's OIP error, after checking its status and that the body is JSON naming a fault. */
    static String error(RawHttp.Answer a, int status) throws Exception {
        assertThat(a.status()).as(a.head() + a.body()).isEqualTo(status);
        JsonNode body = JSON.readTree(a.body());
        assertThat(body.path("error").asText()).as(a.body()).isNotBlank();
        return body.get("error").asText();
    }

    @Test
    void anHttpVersionOtherThanOnePointXIsA400NotA505() throws Exception {
        for (String version : new String[] {"HTTP/2.0", "HTTP/9.9", "HTTP/1.10"}) {
            assertThat(error(post("POST /v2/models/fashion/infer " + version, EX.getBytes(StandardCharsets.UTF_8)), 400))
                    .as(version).contains("HTTP version").contains("send HTTP/1.1");
        }
    }

    @Test
    void aTransferEncodingTheGatewayDoesNotImplementIsA400NotA501() throws Exception {
        for (String encoding : new String[] {"gzip, chunked", "identity", "x-unknown"}) {
            String chunked = Integer.toHexString(EX.length()) + "\r\n" + EX + "\r\n0\r\n\r\n";
            assertThat(error(send("POST /v2/models/fashion/infer HTTP/1.1", "Transfer-Encoding: " + encoding + "\r\n",
                    chunked.getBytes(StandardCharsets.UTF_8)), 400)).as(encoding)
                    .startsWith("Transfer-Encoding '" + encoding.replace(',', ',') + "' is not supported");
        }
    }

    @Test
    void connectAndTraceAreRefused405WithAReasonAndNothingEchoed() throws Exception {
        assertThat(error(post("CONNECT /v2/models/fashion/infer HTTP/1.1", new byte[0]), 405))
                .isEqualTo("the method 'CONNECT' is not allowed here");
        RawHttp.Answer trace = send("TRACE /v2/models/fashion/infer HTTP/1.1", "X-Echo: secret-header-value\r\n", new byte[0]);
        assertThat(error(trace, 405)).isEqualTo("the method TRACE is not allowed: the gateway does not echo requests");
        assertThat(trace.body()).doesNotContain("secret-header-value");
        assertThat(error(send("TRACE /v2/health/live HTTP/1.1", "", new byte[0]), 405)).contains("TRACE");
    }

    @Test
    void jsonThatIsNotUtf8IsRefusedNamingTheByte() throws Exception {
        byte[][] bad = {{(byte) 0xC0, (byte) 0xAF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xFF},
                {(byte) 0xE2, (byte) 0x82}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}};
        int at = EX.indexOf("ID");
        for (byte[] b : bad) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            body.writeBytes(EX.substring(0, at).getBytes(StandardCharsets.UTF_8));
            body.writeBytes(b);
            body.writeBytes(EX.substring(at).getBytes(StandardCharsets.UTF_8));
            assertThat(error(post("POST /v2/models/fashion/infer HTTP/1.1", body.toByteArray()), 400))
                    .isEqualTo(String.format("malformed JSON at line 1, column %d: the byte 0x%02X does not begin a "
                            + "well-formed UTF-8 sequence (a stray or cut-short byte, an overlong form or a surrogate); "
                            + "send the JSON in UTF-8", at + 1, b[0] & 0xff));
        }
        assertThat(SCHEDULER.calls).isEmpty();
        // well-formed UTF-8 beyond ASCII is read as before: an unknown input named in it is the validator's refusal
        String greek = EX.replace("\"x\"", "\"\u03c7\u2603\ud83d\ude00\"");
        assertThat(error(post("POST /v2/models/fashion/infer HTTP/1.1", greek.getBytes(StandardCharsets.UTF_8)), 400))
                .contains("\u03c7\u2603\ud83d\ude00");
    }

    @Test
    void aChunkedBodyStillArrivingHoldsOnlyWhatHasArrivedOfTheBodyBudget() throws Exception {
        // a chunked body used to reserve max-infer-request-size (64MB), the whole budget by default, until answered:
        // one that stalled refused every other request (503) until it timed out
        try (java.net.Socket stalled = RawHttp.open("127.0.0.1", port)) {
            stalled.getOutputStream().write(("POST /v2/models/fashion/infer HTTP/1.1\r\nHost: x\r\n"
                    + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"inp\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            stalled.getOutputStream().flush();
            Thread.sleep(500); // the stalled body is being read
            RawHttp.Answer other = post("POST /v2/models/fashion/infer HTTP/1.1", EX.getBytes(StandardCharsets.UTF_8));
            assertThat(other.status()).as(other.body()).isEqualTo(200);
        }
    }

    @Test
    void aModelNameNoApplicationCanHaveIsUnknownWithoutAskingTheRegistry() throws Exception {
        int reads = REGISTRY.hotReads.get();
        // 8,000 characters: within the gateway's request-line limit, past the registry's once its prefix is added
        String longName = "a".repeat(8_000);
        String message = error(post("POST /v2/models/" + longName + "/infer HTTP/1.1", EX.getBytes(StandardCharsets.UTF_8)), 404);
        assertThat(message).isEqualTo("unknown model '" + "a".repeat(128) + "… (8000 characters)'");
        assertThat(error(post("POST /v2/models/a%20b/infer HTTP/1.1", EX.getBytes(StandardCharsets.UTF_8)), 404))
                .isEqualTo("unknown model 'a b'");
        assertThat(REGISTRY.hotReads.get()).as("registry reads").isEqualTo(reads);
    }
}
