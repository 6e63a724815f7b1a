package io.baton.worker.membership;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.http.CallFailures;
import io.baton.commons.http.HttpClients;
import io.baton.commons.http.ServiceClient;
import io.baton.commons.membership.WorkerHeartbeat;
import io.baton.commons.membership.WorkerRegistration;
import io.baton.core.security.InternalCredentials;

/** Posts registrations and heartbeats as JSON to scheduler-service. Any non-2xx answer is an error. */
public record HttpSchedulerClient(URI schedulerUrl, ObjectMapper json, ServiceClient scheduler)
        implements SchedulerClient {

    /** {@code credentials}: the suite's secret, without which the scheduler refuses a registration. */
    public HttpSchedulerClient(URI schedulerUrl, Duration timeout, ObjectMapper json,
                               InternalCredentials credentials) {
        this(schedulerUrl, json, new ServiceClient(schedulerUrl, HttpClients.internal(credentials, timeout), timeout,
                new Failures(schedulerUrl)));
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
        try {
            return scheduler.post(path, "application/json", json.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + body.getClass().getSimpleName() + " as JSON", e);
        }
    }

    @Override
    public String describe() {
        return schedulerUrl.toString();
    }

    /** A call without an answer; the statuses are read by the callers above. */
    private record Failures(URI schedulerUrl) implements CallFailures {

        @Override
        public RuntimeException unreachable(HttpRequest request, IOException cause) {
            return new IllegalStateException("scheduler at " + schedulerUrl + " unreachable: " + cause, cause);
        }

        @Override
        public RuntimeException interrupted(HttpRequest request, InterruptedException cause) {
            return new IllegalStateException("interrupted", cause);
        }

        @Override
        public RuntimeException answered(HttpRequest request, HttpResponse<byte[]> response) {
            return new IllegalStateException("scheduler answered " + response.statusCode() + " to "
                    + request.method() + " " + request.uri().getPath());
        }
    }
}
