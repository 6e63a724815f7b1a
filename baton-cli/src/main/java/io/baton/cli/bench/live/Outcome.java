package io.baton.cli.bench.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Oip;
import java.io.IOException;

/**
 * What became of one request: its round trip (ms, from the moment it was sent), the HTTP status ({@link #NO_ANSWER}
 * when none came: a timeout or a broken connection), and for a 200 the batch it ran in and the model's execution
 * time as the response reports them (0 and NaN when it does not); for a refusal, the OIP error.
 */
public record Outcome(double latencyMs, int status, int batchSize, double executionMs, String refusal) {
    public static final int NO_ANSWER = 0;

    public boolean answered() {
        return status != NO_ANSWER;
    }

    public boolean served() {
        return status == 200;
    }

    static Outcome noAnswer(double latencyMs, Throwable why) {
        return new Outcome(latencyMs, NO_ANSWER, 0, Double.NaN, String.valueOf(why));
    }

    /** Reads a response body: a 200's batch size and execution time, or a refusal's error. */
    static Outcome of(double latencyMs, int status, byte[] body) {
        return of(latencyMs, status, body, null);
    }

    /**
     * As {@link #of(double, int, byte[])}, for a body that may carry binary outputs after its JSON:
     * {@code headerLength} (the response's {@code Inference-Header-Content-Length}, null when absent) says how many
     * leading bytes are JSON.
     */
    static Outcome of(double latencyMs, int status, byte[] body, String headerLength) {
        JsonNode json;
        try {
            int length = headerLength == null ? body.length : Math.min(body.length, Integer.parseInt(headerLength.trim()));
            json = JsonHttp.JSON.readTree(body, 0, length);
        } catch (IOException | RuntimeException e) {
            json = null;
        }
        if (status == 200) {
            if (json == null) return new Outcome(latencyMs, status, 0, Double.NaN, null);
            return new Outcome(latencyMs, status, Oip.batchSize(json).orElse(0), Oip.executionMs(json).orElse(Double.NaN), null);
        }
        String reason = json != null && json.hasNonNull("error") ? json.get("error").asText() : new String(body, java.nio.charset.StandardCharsets.UTF_8);
        return new Outcome(latencyMs, status, 0, Double.NaN, reason.length() > 160 ? reason.substring(0, 160) + "…" : reason);
    }
}
