package io.baton.cli.bench.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;

/**
 * What one answer to a case is worth. A pass is a 4xx whose body names the fault ({@code {"error": ...}}, or a
 * problem's {@code detail}), or a 2xx to a case that may still be a valid request. A 503 with a reason is the gateway
 * shedding load ({@code Retry-After}; or, to a valid request, not ready or dropped by its deadline): counted apart,
 * not a failure, since it says nothing about the request; a 504 to a valid request likewise. Everything else fails:
 * any other 5xx, no answer within the time limit (a hang), the connection closed without an answer, a 4xx with no
 * reason, a 2xx to a request that must be refused.
 */
public record Verdict(Outcome outcome, String detail) {

    public enum Outcome {
        REFUSED(false), ACCEPTED(false), SHED(false),
        SERVER_ERROR(true), HANG(true), NO_ANSWER(true), NO_REASON(true), ACCEPTED_MALFORMED(true), UNEXPECTED(true);

        private final boolean failure;

        Outcome(boolean failure) {
            this.failure = failure;
        }

        public boolean failure() {
            return failure;
        }
    }

    public boolean failure() {
        return outcome.failure();
    }

    public static Verdict of(FuzzCase c, RawExchange.Answer a) {
        if (a.hang()) return new Verdict(Outcome.HANG, a.failure());
        if (a.isHttp09()) {
            // a request line without a version is HTTP/0.9, answered as such: the refusal is all in the body
            String reason = reason(a);
            return reason != null ? new Verdict(Outcome.REFUSED, "HTTP/0.9 " + reason)
                    : new Verdict(Outcome.NO_REASON, "HTTP/0.9 " + snippet(a) + ": no {\"error\": ...} body naming the fault");
        }
        if (!a.answered()) return new Verdict(Outcome.NO_ANSWER, a.failure());
        int s = a.status();
        String reason = reason(a);
        String said = s + (reason == null ? " " + snippet(a) : " " + reason);
        if (s >= 200 && s < 300) {
            return c.mayAccept() ? new Verdict(Outcome.ACCEPTED, String.valueOf(s))
                    : new Verdict(Outcome.ACCEPTED_MALFORMED, said + ": a request that must be refused was served");
        }
        if (s >= 400 && s < 500) {
            return reason != null || isHead(c) ? new Verdict(Outcome.REFUSED, said)
                    : new Verdict(Outcome.NO_REASON, said + ": no {\"error\": ...} body naming the fault");
        }
        if (reason != null && (s == 503 && (a.header("Retry-After") != null || c.mayAccept()) || s == 504 && c.mayAccept())) {
            return new Verdict(Outcome.SHED, said);
        }
        if (s >= 500) return new Verdict(Outcome.SERVER_ERROR, said);
        return new Verdict(Outcome.UNEXPECTED, said);
    }

    /** The fault the body names: its {@code error}, or a problem's {@code detail}; null when it names none. */
    static String reason(RawExchange.Answer a) {
        try {
            JsonNode body = FuzzTarget.JSON.readTree(a.body());
            if (body == null || !body.isObject()) return null;
            JsonNode r = body.hasNonNull("error") ? body.get("error") : body.get("detail");
            return r != null && r.isTextual() && !r.asText().isBlank() ? r.asText() : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private static boolean isHead(FuzzCase c) {
        return new String(c.bytes(), 0, Math.min(5, c.bytes().length), StandardCharsets.ISO_8859_1).equals("HEAD ");
    }

    private static String snippet(RawExchange.Answer a) {
        return FuzzCase.escape(a.body(), 200);
    }
}
