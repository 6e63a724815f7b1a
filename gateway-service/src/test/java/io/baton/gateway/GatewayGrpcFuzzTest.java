package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.grpc.Status;

import io.baton.cli.bench.fuzz.grpc.GrpcAnswer;
import io.baton.cli.bench.fuzz.grpc.GrpcDelivery;
import io.baton.cli.bench.fuzz.grpc.GrpcFuzzCase;
import io.baton.cli.bench.fuzz.grpc.GrpcFuzzReport;
import io.baton.cli.bench.fuzz.grpc.GrpcFuzzRunner;
import io.baton.cli.bench.fuzz.grpc.GrpcMessages;
import io.baton.cli.bench.fuzz.grpc.GrpcVerdict;
import io.baton.gateway.grpc.OipGrpcServer;
import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubUpstreams;

/**
 * The gateway's gRPC port under {@code bench fuzz --protocol grpc}'s hostile calls, against the registry and
 * scheduler stand-ins: a few hundred cases of two seeds, each answered within its time limit with a refusal's status
 * naming the fault (or served, where the call may be valid), never INTERNAL, UNKNOWN, a stack trace or a hang; then
 * the port is live and serves. What the fuzz found first, each as its own case: bytes that are no request message, a
 * unary call with two requests or none.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.max-infer-request-size=256KB",
        "baton.gateway.grpc.receive-timeout=1s",
        "baton.gateway.grpc.stream-idle-timeout=2s"})
@ExtendWith(OutputCaptureExtension.class)
class GatewayGrpcFuzzTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();

    static {
        Apps.install(UPSTREAMS.registry(), UPSTREAMS.scheduler());
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    /** Generous: a slow caller is answered after the receive timeout (1 s) or the stream's idle timeout (2 s). */
    static final int CASE_TIMEOUT_MS = 15_000;

    @Autowired
    OipGrpcServer grpc;

    GrpcFuzzRunner runner;

    @BeforeEach
    void target() {
        runner = new GrpcFuzzRunner("127.0.0.1", grpc.port(), GrpcFuzzRunner.target("127.0.0.1", grpc.port(), "fashion", 256 << 10),
                CASE_TIMEOUT_MS, 4);
    }

    @Test
    void bytesThatAreNoRequestMessageAreInvalidArgumentNamingWhatTheParserFound() throws Exception {
        GrpcAnswer cut = send(call(GrpcMessages.MODEL_INFER, new byte[] {0x0a, 0x10, 'f'}));
        assertThat(cut.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(cut.description()).startsWith("the request is not a valid inference.ModelInferRequest message: ")
                .contains("the input ended unexpectedly");
        assertThat(cut.reason()).isEqualTo("invalid-request");
        GrpcAnswer utf8 = send(call(GrpcMessages.MODEL_INFER, new byte[] {0x0a, 0x02, (byte) 0xc3, 0x28}));
        assertThat(utf8.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(utf8.description()).contains("invalid UTF-8");
        // every method, and the health service too
        GrpcAnswer live = send(call("inference.GRPCInferenceService/ServerLive", new byte[] {(byte) 0xff}));
        assertThat(live.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(live.description()).startsWith("the request is not a valid inference.ServerLiveRequest message: ");
        assertThat(send(call("grpc.health.v1.Health/Check", new byte[] {(byte) 0xff})).code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(runner.liveness().ok()).isTrue();
    }

    @Test
    void aUnaryCallWithTwoRequestsOrNoneIsInvalidArgument() throws Exception {
        byte[] valid = GrpcMessages.valid(runner.target().target()).build().toByteArray();
        GrpcAnswer two = send(new GrpcFuzzCase(0, 0, "method", "two requests", GrpcMessages.MODEL_INFER, List.of(valid, valid), List.of(),
                whole(), false, false, null));
        assertThat(two.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(two.description()).isEqualTo("ModelInfer takes one request message per call; a second one came");
        GrpcAnswer none = send(new GrpcFuzzCase(0, 0, "method", "no request", GrpcMessages.MODEL_INFER, List.of(), List.of(), whole(),
                false, false, null));
        assertThat(none.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(none.description()).isEqualTo("ModelInfer takes one request message per call; the call ended without it");
    }

    @Test
    void aRefusalThatEchoesAHugeNameIsCutToFitTheHeadersAClientReads() throws Exception {
        io.baton.oip.grpc.ModelInferRequest.Builder r = GrpcMessages.valid(runner.target().target());
        r.getInputsBuilder(0).setDatatype("X".repeat(100_000));
        GrpcAnswer a = send(call(GrpcMessages.MODEL_INFER, r.build().toByteArray()));
        assertThat(a.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(a.description()).hasSizeLessThanOrEqualTo(400).startsWith("input 'x': datatype 'XXX")
                .contains("characters cut").endsWith("BYTES])");
        GrpcAnswer version = send(call("inference.GRPCInferenceService/ModelReady",
                io.baton.oip.grpc.ModelReadyRequest.newBuilder().setName("fashion").setVersion("v".repeat(10_000)).build().toByteArray()));
        assertThat(version.code()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(version.description()).hasSizeLessThanOrEqualTo(400);
    }

    @Test
    void aMessagePastTheLargestIsResourceExhaustedWithoutAStackTraceInTheLog(CapturedOutput output) throws Exception {
        io.baton.oip.grpc.ModelInferRequest.Builder r = GrpcMessages.valid(runner.target().target());
        r.getInputsBuilder(0).setName("n".repeat(300 << 10));
        GrpcAnswer a = send(call(GrpcMessages.MODEL_INFER, r.build().toByteArray()));
        assertThat(a.code()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(a.description()).contains("exceeds maximum size 262144");
        assertThat(runner.liveness().ok()).isTrue();
        assertThat(output.getAll()).doesNotContain("Exception processing message").doesNotContain("exceeds maximum size");
    }

    @Test
    void aStreamAnswersTheRequestsBeforeBytesThatAreNoMessageThenEndsInvalidArgument() throws Exception {
        byte[] valid = GrpcMessages.valid(runner.target().target()).build().toByteArray();
        GrpcAnswer a = send(new GrpcFuzzCase(0, 0, "stream", "junk last", GrpcMessages.MODEL_STREAM_INFER,
                List.of(valid, valid, new byte[] {(byte) 0xff, (byte) 0xff}), List.of(), whole(), false, false, new boolean[3]));
        assertThat(a.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(a.description()).startsWith("the request is not a valid inference.ModelInferRequest message: ");
        assertThat(a.streamErrors()).containsExactly("", "");
    }

    @Test
    void hundredsOfHostileCallsOfTwoSeedsAreEachRefusedNamingTheFault() throws Exception {
        for (long seed : new long[] {1, 20_261_127L}) {
            GrpcFuzzReport report = runner.run(seed, 300, null);
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            report.print(new PrintStream(printed, true, StandardCharsets.UTF_8), 10);
            String text = printed.toString(StandardCharsets.UTF_8);
            assertThat(report.failures()).as(text).isEmpty();
            assertThat(report.liveness().ok()).as(text).isTrue();
            assertThat(report.count(GrpcVerdict.Outcome.REFUSED)).as("most cases are refused: %s", text)
                    .isGreaterThan(report.count() * 7 / 10);
        }
    }

    private GrpcAnswer send(GrpcFuzzCase c) throws InterruptedException {
        GrpcAnswer a = runner.answer(c);
        assertThat(GrpcVerdict.of(c, a).failure()).as("%s: %s", c.title(), a.said()).isFalse();
        return a;
    }

    private static GrpcFuzzCase call(String method, byte[] message) {
        return new GrpcFuzzCase(0, 0, "protobuf", "bytes that are no message", method, List.of(message), List.of(), whole(), false,
                false, null);
    }

    private static GrpcDelivery whole() {
        return new GrpcDelivery(GrpcDelivery.Mode.WHOLE, 0);
    }
}
