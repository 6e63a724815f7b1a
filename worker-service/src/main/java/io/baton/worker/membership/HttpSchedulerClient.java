package io.baton.worker.membership;

import io.baton.core.security.InternalCredentials;
import io.baton.commons.membership.WorkerHeartbeat;
import io.baton.commons.membership.WorkerRegistration;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.commons.http.HttpClients;

/** Posts registrations and heartbeats as JSON to scheduler-service. Any non-2xx answer is an error. */
public final class HttpSchedulerClient implements SchedulerClient {

    private final URI schedulerUrl;
    private final Duration timeout;
    private final ObjectMapper json;
    private final HttpClient http;

    /** {@code credentials}: the suite's secret, without which the scheduler refuses a registration. */
    public HttpSchedulerClient(URI schedulerUrl, Duration timeout, ObjectMapper json,
                               InternalCredentials credentials) {
        this.schedulerUrl = schedulerUrl;
        this.timeout = timeout;
        this.json = json;
        this.http = HttpClients.internal(credentials, timeout);
    }

    @Override
    public void register(WorkerRegistration registration) {
        int status = post("/internal/v1/workers", registration);
        if (status / 100 != 2) {
            throw new IllegalStateException("scheduler answered " + status + " to the registration");
        }
    }

    @Override
    public void heartbeat(String workerId, WorkerHeartbeat heartbeat) {
        int status = post("/internal/v1/workers/" + URLEncoder.encode(workerId, StandardCharsets.UTF_8) + "/heartbeat",
                heartbeat);
        if (status == 404) {
            throw new UnknownWorkerException(workerId);
        }
        if (status / 100 != 2) {
            throw new IllegalStateException("scheduler answered " + status + " to a heartbeat");
        }
    }

    private int post(String path, Object body) {
        String base = schedulerUrl.toString().replaceAll("/+$", "");
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body))).build();
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + body.getClass().getSimpleName() + " as JSON", e);
        } catch (IOException e) {
            throw new IllegalStateException("scheduler at " + schedulerUrl + " unreachable: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public String describe() {
        return schedulerUrl.toString();
    }
}
