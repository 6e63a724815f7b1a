package io.baton.cli.bench.fuzz.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.bench.fuzz.grpc.GrpcVerdict.Outcome;
import io.grpc.Status.Code;
import java.util.List;
import org.junit.jupiter.api.Test;

class GrpcVerdictTest {

    static final GrpcFuzzCase MALFORMED = unary(GrpcMessages.MODEL_INFER, false, false);
    static final GrpcFuzzCase MAYBE_VALID = unary(GrpcMessages.MODEL_INFER, true, false);
    static final GrpcFuzzCase SLOW = unary(GrpcMessages.MODEL_INFER, false, true);

    static GrpcFuzzCase unary(String method, boolean mayAccept, boolean slow) {
        return new GrpcFuzzCase(1, 0, "k", "d", method, List.of(new byte[] {1}), List.of(), GrpcDelivery.WHOLE, mayAccept, slow, null);
    }

    static GrpcAnswer status(Code code, String description) {
        return new GrpcAnswer(code, description, null, null, 0, List.of(), false, false, null);
    }

    @Test
    void aRefusalNamingTheFaultPasses() {
        for (Code c : List.of(Code.INVALID_ARGUMENT, Code.NOT_FOUND, Code.FAILED_PRECONDITION, Code.OUT_OF_RANGE, Code.RESOURCE_EXHAUSTED,
                Code.UNAUTHENTICATED, Code.PERMISSION_DENIED)) {
            assertThat(GrpcVerdict.of(MALFORMED, status(c, "input 'x': shape [-1] has -1 in dimension 0")).outcome()).as("%s", c)
                    .isEqualTo(Outcome.REFUSED);
        }
    }

    @Test
    void aRefusalWithoutADescriptionFails() {
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.INVALID_ARGUMENT, null)).outcome()).isEqualTo(Outcome.NO_REASON);
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.NOT_FOUND, "  ")).outcome()).isEqualTo(Outcome.NO_REASON);
    }

    @Test
    void serverFaultsFailEvenWithADescription() {
        for (Code c : List.of(Code.INTERNAL, Code.UNKNOWN, Code.DATA_LOSS, Code.ABORTED)) {
            assertThat(GrpcVerdict.of(MALFORMED, status(c, "Application error processing RPC")).outcome()).as("%s", c)
                    .isEqualTo(Outcome.SERVER_ERROR);
        }
        assertThat(GrpcVerdict.of(MAYBE_VALID, status(Code.INTERNAL, "internal error in the gateway")).failure()).isTrue();
    }

    @Test
    void aStackTraceOrAnExceptionsClassInTheDescriptionFails() {
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.INVALID_ARGUMENT, "java.lang.NullPointerException: x")).outcome())
                .isEqualTo(Outcome.LEAKED);
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.INVALID_ARGUMENT, "bad\n\tat io.baton.gateway.grpc.X.y(X.java:12)")).outcome())
                .isEqualTo(Outcome.LEAKED);
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.INVALID_ARGUMENT, "InvalidProtocolBufferException while parsing")).outcome())
                .isEqualTo(Outcome.LEAKED);
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.INVALID_ARGUMENT,
                "the request is not a valid inference.ModelInferRequest message: Protocol message had invalid UTF-8.")).outcome())
                .isEqualTo(Outcome.REFUSED);
    }

    @Test
    void unimplementedOnlyForAMethodTheGatewayDoesNotServe() {
        assertThat(GrpcVerdict.of(unary("inference.GRPCInferenceService/Nope", false, false),
                status(Code.UNIMPLEMENTED, "Method not found: inference.GRPCInferenceService/Nope")).outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.UNIMPLEMENTED, "not implemented")).outcome()).isEqualTo(Outcome.SERVER_ERROR);
    }

    @Test
    void deadlineExceededOnlyForASlowSenderOrAsADeadlineOfAValidCall() {
        assertThat(GrpcVerdict.of(SLOW, status(Code.DEADLINE_EXCEEDED, "the request did not arrive within 1000 ms")).outcome())
                .isEqualTo(Outcome.REFUSED);
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.DEADLINE_EXCEEDED, "late")).outcome()).isEqualTo(Outcome.SERVER_ERROR);
        assertThat(GrpcVerdict.of(MAYBE_VALID, new GrpcAnswer(Code.DEADLINE_EXCEEDED, "no answer in time", "deadline", null, 0, List.of(),
                false, false, null)).outcome()).isEqualTo(Outcome.SHED);
    }

    @Test
    void unavailableIsSheddingOnlyWithAReason() {
        assertThat(GrpcVerdict.of(MALFORMED, new GrpcAnswer(Code.UNAVAILABLE, "request refused: retry shortly", "overloaded", "1", 0,
                List.of(), false, false, null)).outcome()).isEqualTo(Outcome.SHED);
        assertThat(GrpcVerdict.of(MAYBE_VALID, new GrpcAnswer(Code.UNAVAILABLE, "request dropped: rejected", "dropped", null, 0,
                List.of(), false, false, null)).outcome()).isEqualTo(Outcome.SHED);
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.UNAVAILABLE, "io exception")).outcome()).isEqualTo(Outcome.SERVER_ERROR);
    }

    @Test
    void okPassesOnlyWhereTheCallMayBeValid() {
        assertThat(GrpcVerdict.of(MAYBE_VALID, status(Code.OK, null)).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(GrpcVerdict.of(MALFORMED, status(Code.OK, null)).outcome()).isEqualTo(Outcome.ACCEPTED_MALFORMED);
    }

    @Test
    void noStatusInTimeIsAHangAndTheClientsOwnCancelIsNot() {
        assertThat(GrpcVerdict.of(MALFORMED, GrpcAnswer.hang("no status within 100 ms", 0, List.of())).outcome()).isEqualTo(Outcome.HANG);
        GrpcFuzzCase cancel = new GrpcFuzzCase(1, 0, "cancel", "d", GrpcMessages.MODEL_INFER, List.of(new byte[] {1}), List.of(),
                GrpcDelivery.cancel(5), true, false, null);
        assertThat(GrpcVerdict.of(cancel, new GrpcAnswer(Code.CANCELLED, "the fuzz case cancels its call", null, null, 0, List.of(), true,
                false, null)).outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(GrpcVerdict.of(cancel, status(Code.CANCELLED, "cancelled by the server")).outcome()).isEqualTo(Outcome.SERVER_ERROR);
    }

    @Test
    void aStreamAnswersEveryRequestAndEachHostileOneWithItsError() {
        GrpcFuzzCase stream = new GrpcFuzzCase(1, 0, "stream", "d", GrpcMessages.MODEL_STREAM_INFER, List.of(new byte[] {1}, new byte[] {2}),
                List.of(), GrpcDelivery.WHOLE, true, false, new boolean[] {false, true});
        assertThat(GrpcVerdict.of(stream, new GrpcAnswer(Code.OK, null, null, null, 2, List.of("", "input 'x': unknown"), false, false, null))
                .outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(GrpcVerdict.of(stream, new GrpcAnswer(Code.OK, null, null, null, 2, List.of("", ""), false, false, null)).outcome())
                .isEqualTo(Outcome.ACCEPTED_MALFORMED);
        assertThat(GrpcVerdict.of(stream, new GrpcAnswer(Code.OK, null, null, null, 1, List.of(""), false, false, null)).outcome())
                .isEqualTo(Outcome.UNANSWERED);
        assertThat(GrpcVerdict.of(stream, new GrpcAnswer(Code.OK, null, null, null, 2, List.of("", "java.lang.IllegalStateException"), false,
                false, null)).outcome()).isEqualTo(Outcome.LEAKED);
    }
}
