package io.baton.cli.bench.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Oip;
import java.io.IOException;

/**
 * What became of one request: its round trip (ms, from the moment it was sent), the HTTP status ({@link #NO_ANSWER}
 * when none came: a timeout or a broken connection), and for a 200 the batch it ran in and the model's execution
 * time as the response reports them (0 and NaN when it does not); for a refusal, the OIP error; and whether it was
 * re-sent through another gateway before it ended so.
 */
public record Outcome(double latencyMs, int status, int batchSize, double executionMs, String refusal, boolean resent) {
    public static final int NO_ANSWER = 0;

    /** An outcome of a request sent once. */
    public Outcome(double latencyMs, int status, int batchSize, double executionMs, String refusal) {
        this(latencyMs, status, batchSize, executionMs, refusal, false);
    }

    /**
     * The same outcome of a request that was sent once more, through another gateway, after the first got no answer
     * (see {@link Resend}); its latency counts from the first send.
     */
    public Outcome asResent() {
        return new Outcome(latencyMs, status, batchSize, executionMs, refusal, true);
    }

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

    /** A served gRPC answer: as a 200, with the batch size and execution time its parameters report. */
    static Outcome ofGrpc(double latencyMs, io.baton.oip.grpc.ModelInferResponse answer) {
        int batch = 0;
        double executionMs = Double.NaN;
        for (String key : Oip.BATCH_SIZE_KEYS) {
            io.baton.oip.grpc.InferParameter p = answer.getParametersMap().get(key);
            if (p != null && batch == 0) batch = (int) (p.hasInt64Param() ? p.getInt64Param() : p.getDoubleParam());
        }
        for (String key : Oip.EXECUTION_MS_KEYS) {
            io.baton.oip.grpc.InferParameter p = answer.getParametersMap().get(key);
            if (p != null && Double.isNaN(executionMs)) executionMs = p.hasDoubleParam() ? p.getDoubleParam() : p.getInt64Param();
        }
        return new Outcome(latencyMs, 200, batch, executionMs, null);
    }

    /**
     * A gRPC refusal, counted as the HTTP status the gateway gives the same refusal over REST (UNAVAILABLE 503,
     * RESOURCE_EXHAUSTED 429, ...); a call that got no answer at all (the client's own deadline, a broken
     * connection, the server unreachable) is {@link #NO_ANSWER}.
     */
    static Outcome ofGrpc(double latencyMs, io.grpc.Status status) {
        String why = status.getDescription() == null ? status.getCode().name() : status.getDescription();
        int http = switch (status.getCode()) {
            case INVALID_ARGUMENT -> 400;
            case UNAUTHENTICATED -> 401;
            case PERMISSION_DENIED -> 403;
            case NOT_FOUND -> 404;
            case RESOURCE_EXHAUSTED -> 429;
            case UNAVAILABLE -> 503;
            case INTERNAL -> 500;
            default -> NO_ANSWER;
        };
        // the server's own DEADLINE_EXCEEDED carries its reason; the client's deadline carries only its own words
        if (status.getCode() == io.grpc.Status.Code.DEADLINE_EXCEEDED && status.getDescription() != null
                && !status.getDescription().startsWith("deadline exceeded after") && !status.getDescription().startsWith("ClientCall")) {
            http = 504;
        }
        if (status.getCode() == io.grpc.Status.Code.UNAVAILABLE && status.getCause() != null) {
            http = NO_ANSWER;   // no connection: nobody refused it
        }
        if (http == NO_ANSWER) return new Outcome(latencyMs, NO_ANSWER, 0, Double.NaN, status.toString());
        return new Outcome(latencyMs, http, 0, Double.NaN, why.length() > 160 ? why.substring(0, 160) + "…" : why);
    }
}
