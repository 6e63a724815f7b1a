package io.baton.gateway.scheduler;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

import org.springframework.web.util.UriUtils;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.GatewayException;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.UpstreamProblem;

/**
 * The gateway's calls to scheduler-service: {@code POST /internal/v1/infer} (guarded by {@link SchedulerGuard}) and
 * {@code GET /internal/v1/applications/{app}} for readiness. One pooled JDK {@link HttpClient} (HTTP/1.1 keep-alive)
 * carries them all.
 */
public class SchedulerClient {

    private final HttpClient http;
    private final ObjectMapper json;
    private final SchedulerWire wire;
    private final SchedulerGuard guard;
    private final UpstreamProperties properties;
    private final ResilienceProperties resilience;
    private final URI inferUri;

    public SchedulerClient(HttpClient http, ObjectMapper json, SchedulerGuard guard, UpstreamProperties properties,
                           ResilienceProperties resilience) {
        this.http = http;
        this.json = json;
        this.wire = new SchedulerWire(json);
        this.guard = guard;
        this.properties = properties;
        this.resilience = resilience;
        this.inferUri = URI.create(base() + "/internal/v1/infer");
    }

    /**
     * Sends one inference call; the future completes with the answer, or fails with a {@link GatewayException}
     * (drops, refusals, failures, time-outs and guard refusals alike).
     */
    public CompletableFuture<SchedulerAnswer> infer(SchedulerCall call) {
        return guardedPost(inferUri, call.timeoutMs(), wire.encode(call), call.application(), wire::decode);
    }

    /**
     * Sends one Schemble ensemble query ({@code POST /internal/v1/ensemble-queries}, guarded like {@link #infer});
     * the future fails with a {@link GatewayException} for drops, refusals, failures and time-outs.
     */
    public CompletableFuture<EnsembleAnswer> ensembleQuery(EnsembleCall call) {
        return guardedPost(URI.create(base() + "/internal/v1/ensemble-queries"), call.timeoutMs(), wire.encode(call),
                call.application(), wire::decodeEnsemble);
    }

    /** A JSON POST through the guard within the call's deadline; a 200 answer is decoded, any other is a refusal. */
    private <T> CompletableFuture<T> guardedPost(URI uri, double timeoutMs, byte[] body, String application,
                                                 Function<byte[], T> decode) {
        Duration deadline = Duration.ofNanos(Math.max(0, (long) (timeoutMs * 1_000_000)));
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(deadline.plus(resilience.deadlineMargin()).plusSeconds(1)) // backstop only
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        return guard.call(deadline, () -> http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()))
                .thenApply(response -> {
                    if (response.statusCode() == 200) {
                        return decode.apply(response.body());
                    }
                    throw wire.refusal(response.statusCode(), response.body(), application);
                });
    }

    /** The scheduler's view of an application, or empty when it does not know it. */
    public CompletableFuture<Optional<ApplicationState>> application(String application) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base() + "/internal/v1/applications/"
                        + UriUtils.encodePathSegment(application, "UTF-8")))
                .timeout(properties.healthTimeout()).header("Accept", "application/json").GET().build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
                .handle((response, failure) -> {
                    if (failure != null) {
                        throw unreachable(failure);
                    }
                    if (response.statusCode() == 404) {
                        return Optional.<ApplicationState>empty();
                    }
                    if (response.statusCode() != 200) {
                        throw GatewayException.badGateway("scheduler-failed", "scheduler answered "
                                + response.statusCode() + ": "
                                + UpstreamProblem.parse(json, response.statusCode(), response.body()).describe());
                    }
                    try {
                        return Optional.of(json.readValue(response.body(), ApplicationState.class));
                    } catch (IOException e) {
                        throw GatewayException.badGateway("scheduler-failed",
                                "scheduler answered an application state the gateway cannot read: " + e.getMessage());
                    }
                });
    }

    public URI baseUri() {
        return URI.create(base());
    }

    private String base() {
        return properties.schedulerUrl().toString().replaceAll("/+$", "");
    }

    private GatewayException unreachable(Throwable failure) {
        Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return GatewayException.unavailable("scheduler-unavailable", "scheduler unreachable at "
                + properties.schedulerUrl() + ": " + t.getClass().getSimpleName()
                + (t.getMessage() == null ? "" : " (" + t.getMessage() + ")"), t);
    }
}
