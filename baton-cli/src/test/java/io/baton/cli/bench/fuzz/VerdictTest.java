package io.baton.cli.bench.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.bench.fuzz.Verdict.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VerdictTest {

    static final FuzzCase MALFORMED = new FuzzCase(1, 0, "syntax", "JSON cut", "POST / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
            Delivery.WHOLE, false);
    static final FuzzCase MAYBE_VALID = new FuzzCase(1, 1, "headers", "Content-Type 'text/plain'", MALFORMED.bytes(), Delivery.WHOLE, true);

    static RawExchange.Answer answer(int status, String body, Map<String, String> headers) {
        return new RawExchange.Answer(status, headers, body.getBytes(StandardCharsets.UTF_8), false, null);
    }

    @Test
    void aRefusalNamingTheFaultPasses() {
        assertThat(Verdict.of(MALFORMED, answer(400, "{\"error\":\"input 'x': shape is missing\"}", Map.of())).outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(Verdict.of(MALFORMED, answer(405, "{\"type\":\"t\",\"detail\":\"POST only\"}", Map.of())).outcome()).isEqualTo(Outcome.REFUSED);
    }

    @Test
    void aRefusalWithoutAReasonFails() {
        assertThat(Verdict.of(MALFORMED, answer(400, "", Map.of())).outcome()).isEqualTo(Outcome.NO_REASON);
        assertThat(Verdict.of(MALFORMED, answer(400, "<html>Bad Request</html>", Map.of())).outcome()).isEqualTo(Outcome.NO_REASON);
        assertThat(Verdict.of(MALFORMED, answer(400, "{\"error\":\" \"}", Map.of())).failure()).isTrue();
    }

    @Test
    void aServerErrorFailsEvenWithAReason() {
        assertThat(Verdict.of(MALFORMED, answer(500, "{\"error\":\"internal error\"}", Map.of())).outcome()).isEqualTo(Outcome.SERVER_ERROR);
        assertThat(Verdict.of(MALFORMED, answer(501, "{\"error\":\"not implemented\"}", Map.of())).failure()).isTrue();
        assertThat(Verdict.of(MAYBE_VALID, answer(502, "{\"error\":\"worker failed\"}", Map.of())).failure()).isTrue();
    }

    @Test
    void sheddingLoadWithAReasonIsCountedApart() {
        assertThat(Verdict.of(MALFORMED, answer(503, "{\"error\":\"request refused: retry shortly\"}", Map.of("retry-after", "1"))).outcome())
                .isEqualTo(Outcome.SHED);
        assertThat(Verdict.of(MAYBE_VALID, answer(503, "{\"error\":\"request dropped\"}", Map.of())).outcome()).isEqualTo(Outcome.SHED);
        assertThat(Verdict.of(MAYBE_VALID, answer(504, "{\"error\":\"no answer in time\"}", Map.of())).outcome()).isEqualTo(Outcome.SHED);
        assertThat(Verdict.of(MALFORMED, answer(503, "{\"error\":\"not ready\"}", Map.of())).outcome())
                .as("a malformed request refused 503 without Retry-After").isEqualTo(Outcome.SERVER_ERROR);
    }

    @Test
    void aServedRequestPassesOnlyWhereItMayBeValid() {
        assertThat(Verdict.of(MAYBE_VALID, answer(200, "{}", Map.of())).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(Verdict.of(MALFORMED, answer(200, "{}", Map.of())).outcome()).isEqualTo(Outcome.ACCEPTED_MALFORMED);
    }

    @Test
    void noAnswerFails() {
        assertThat(Verdict.of(MALFORMED, RawExchange.Answer.hang("no answer within 100 ms")).outcome()).isEqualTo(Outcome.HANG);
        assertThat(Verdict.of(MALFORMED, RawExchange.Answer.closed("closed")).outcome()).isEqualTo(Outcome.NO_ANSWER);
    }
}
