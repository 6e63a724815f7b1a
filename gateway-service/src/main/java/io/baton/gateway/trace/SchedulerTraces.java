package io.baton.gateway.trace;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.scheduler.SchedulerLeader;

/**
 * Reads the schedulers' parts of a trace ({@code GET /internal/v1/traces/{traceId}}, with the suite's secret as every
 * internal call): the leading scheduler first, then the others (a request served before a failover is held by the
 * scheduler that served it). A scheduler that does not answer within {@code timeout}, or answers anything but its
 * parts, adds nothing: the timeline is then the gateway's part alone.
 */
public final class SchedulerTraces {

    /** The largest answer read: a trace a client reuses for many requests still ends here. */
    static final int MAX_ANSWER_BYTES = 4 * 1024 * 1024;

    private final HttpClient http;
    private final ObjectMapper json;
    private final SchedulerLeader leader;
    private final Duration timeout;

    public SchedulerTraces(HttpClient http, ObjectMapper json, SchedulerLeader leader, Duration timeout) {
        this.http = http;
        this.json = json;
        this.leader = leader;
        this.timeout = timeout;
    }

    /** Every part of {@code traceId} the schedulers hold; {@code traceId} is 32 lowercase hex digits. */
    List<SchedulerPart> parts(String traceId) {
        Set<URI> schedulers = new LinkedHashSet<>();
        schedulers.add(leader.current());
        schedulers.addAll(leader.schedulers());
        List<SchedulerPart> parts = new ArrayList<>();
        for (URI scheduler : schedulers) {
            parts.addAll(from(scheduler, traceId));
        }
        return parts;
    }

    private List<SchedulerPart> from(URI scheduler, String traceId) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(scheduler.toString().replaceAll("/+$", "")
                        + "/internal/v1/traces/" + traceId))
                .timeout(timeout).header("Accept", "application/json").GET().build();
        try {
            HttpResponse<byte[]> answer = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (answer.statusCode() != 200 || answer.body().length > MAX_ANSWER_BYTES) return List.of();
            SchedulerPart.Found found = json.readValue(answer.body(), SchedulerPart.Found.class);
            return found.timelines() == null ? List.of() : found.timelines();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }
}
