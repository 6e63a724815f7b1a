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
import io.baton.gateway.trace.GatewayTrace;
import io.baton.commons.trace.TraceParent;

/**
 * The gateway's calls to scheduler-service: {@code POST /internal/v1/infer} (guarded by {@link SchedulerGuard}) and
 * {@code GET /internal/v1/applications/{app}} for readiness. One pooled JDK {@link HttpClient} (HTTP/1.1 keep-alive)
 * carries them all.
 * <p>
 * With several schedulers (a leader and its standby) each call goes to the one {@link SchedulerLeader} believes
 * leads; one that cannot be reached (refused, reset, gone) or answers 503 {@code not-leader} is left for the other
 * and the call is sent again there, as often as there are schedulers, while the request's deadline lasts. The tries
 * run inside the guard: the breaker sees only the call's final outcome, so a dead leader does not open it while its
 * standby serves. Inference has no side effect besides its answer, so sending it again is safe. A call no scheduler
 * took ends as the last refusal (503 with its reason) or failure.
 * <p>
 * With the schedulers' gRPC intakes configured ({@link SchedulerGrpc}), {@link #infer} (single models, pipelines'
 * stages, ensembles' members) and {@link #ensembleQuery} (Schemble's ensemble queries) travel in binary over them
 * instead, under the same guard, following the leader the same way, their refusals mapped by the same table;
 * readiness stays on HTTP.
 */
public class SchedulerClient implements AutoCloseable {

    private final HttpClient http;
    private final ObjectMapper json;
    private final SchedulerWire wire;
    private final SchedulerGuard guard;
    private final UpstreamProperties properties;
    private final ResilienceProperties resilience;
    private final SchedulerLeader leader;
    private final SchedulerGrpc grpc;

    public SchedulerClient(HttpClient http, ObjectMapper json, SchedulerGuard guard, UpstreamProperties properties,
                           ResilienceProperties resilience) {
        this(http, json, guard, properties, resilience, new SchedulerLeader(properties.schedulerUrl()));
    }

    public SchedulerClient(HttpClient http, ObjectMapper json, SchedulerGuard guard, UpstreamProperties properties,
                           ResilienceProperties resilience, SchedulerLeader leader) {
        this(http, json, guard, properties, resilience, leader, null);
    }

    /** {@code grpc}: the schedulers' gRPC intakes for inference calls; null: every call over HTTP. */
    public SchedulerClient(HttpClient http, ObjectMapper json, SchedulerGuard guard, UpstreamProperties properties,
                           ResilienceProperties resilience, SchedulerLeader leader, SchedulerGrpc grpc) {
        this.http = http;
        this.json = json;
        this.wire = new SchedulerWire(json);
        this.guard = guard;
        this.properties = properties;
        this.resilience = resilience;
        this.leader = leader;
        this.grpc = grpc;
    }

    public SchedulerLeader leader() {
        return leader;
    }

    /**
     * Sends one inference call; the future completes with the answer, or fails with a {@link GatewayException}
     * (drops, refusals, failures, time-outs and guard refusals alike).
     */
    public CompletableFuture<SchedulerAnswer> infer(SchedulerCall call) {
        GatewayTrace.Call traced = traced();
        CompletableFuture<SchedulerAnswer> answer = grpc != null ? guardedGrpc(call, traced)
                : guardedPost("/internal/v1/infer", call.timeoutMs(), wire.encode(call), call.application(),
                wire::decode, traced);
        return stamped(answer, traced);
    }

    /** Whether {@link #infer} may block its caller: the guard's bulkhead is configured to wait for a slot. */
    public boolean mayBlock() {
        return guard.mayWait();
    }

    /**
     * A call made for the request this thread serves carries a new span of its trace ({@code traceparent}: the
     * scheduler's part of the request is that span's child); null outside a request (readiness, warm-up's own).
     */
    private static GatewayTrace.Call traced() {
        GatewayTrace trace = GatewayTrace.current();
        return trace == null ? null : trace.call();
    }

    private static <T> CompletableFuture<T> stamped(CompletableFuture<T> answer, GatewayTrace.Call traced) {
        if (traced == null) return answer;
        return answer.whenComplete((value, failure) -> traced.answered());
    }

    /**
     * Sends one Schemble ensemble query ({@code POST /internal/v1/ensemble-queries}, guarded like {@link #infer});
     * the future fails with a {@link GatewayException} for drops, refusals, failures and time-outs.
     */
    public CompletableFuture<EnsembleAnswer> ensembleQuery(EnsembleCall call) {
        GatewayTrace.Call traced = traced();
        CompletableFuture<EnsembleAnswer> answer = grpc != null ? guardedGrpcEnsemble(call, traced)
                : guardedPost("/internal/v1/ensemble-queries", call.timeoutMs(), wire.encode(call),
                call.application(), wire::decodeEnsemble, traced);
        return stamped(answer, traced);
    }

    /** {@link #ensembleQuery} over gRPC, guarded and followed to the leader as {@link #infer} is. */
    private CompletableFuture<EnsembleAnswer> guardedGrpcEnsemble(EnsembleCall call, GatewayTrace.Call traced) {
        Duration deadline = Duration.ofNanos(Math.max(0, (long) (call.timeoutMs() * 1_000_000)));
        long endNanos = System.nanoTime() + deadline.toNanos();
        io.baton.internal.grpc.EnsembleQueryCall message = SchedulerGrpcWire.encode(call);
        return guard.call(deadline, () -> grpc.ensembleQuery(message, backstop(deadline), endNanos,
                        traced == null ? null : traced.context()))
                .thenApply(answer -> {
                    if (answer.hasServed()) return SchedulerGrpcWire.decode(answer.getServed());
                    throw wire.refusal(answer.getRefusal().getStatus(),
                            answer.getRefusal().getProblem().toByteArray(), call.application());
                });
    }

    /**
     * A JSON POST to the leading scheduler through the guard within the call's deadline, sent on to the other
     * scheduler(s) as the class says; a 200 answer is decoded, any other is a refusal.
     */
    private <T> CompletableFuture<T> guardedPost(String path, double timeoutMs, byte[] body, String application,
                                                 Function<byte[], T> decode, GatewayTrace.Call traced) {
        Duration deadline = Duration.ofNanos(Math.max(0, (long) (timeoutMs * 1_000_000)));
        long endNanos = System.nanoTime() + deadline.toNanos();
        String traceparent = traced == null ? null : traced.context().header();
        return guard.call(deadline, () -> send(path, deadline, body, leader.schedulers().size(), endNanos, null,
                        traceparent))
                .thenApply(response -> {
                    if (response.statusCode() == 200) {
                        return decode.apply(response.body());
                    }
                    throw wire.refusal(response.statusCode(), response.body(), application);
                });
    }

    /** {@link #infer} over gRPC: through the guard within the call's deadline; a refusal is mapped as over HTTP. */
    private CompletableFuture<SchedulerAnswer> guardedGrpc(SchedulerCall call, GatewayTrace.Call traced) {
        Duration deadline = Duration.ofNanos(Math.max(0, (long) (call.timeoutMs() * 1_000_000)));
        long endNanos = System.nanoTime() + deadline.toNanos();
        io.baton.internal.grpc.InferCall message = SchedulerGrpcWire.encode(call);
        return guard.call(deadline, () -> grpc.infer(message, backstop(deadline), endNanos,
                        traced == null ? null : traced.context()))
                .thenApply(answer -> {
                    if (answer.hasServed()) {
                        return SchedulerGrpcWire.decode(answer.getServed());
                    }
                    throw wire.refusal(answer.getRefusal().getStatus(), answer.getRefusal().getProblem().toByteArray(),
                            call.application());
                });
    }

    /** How long one gRPC try may take: past the guard's own limit, so the guard, not the channel, times a call out. */
    private Duration backstop(Duration deadline) {
        return deadline.plus(resilience.deadlineMargin()).plusSeconds(1);
    }

    /** Closes the gRPC channels, if any. */
    @Override
    public void close() {
        if (grpc != null) grpc.close();
    }

    /**
     * One try at the leading scheduler, and up to {@code triesLeft} more at the others while time is left.
     * {@code notLeader}: a standby's refusal met on an earlier try, if any. When the last try finds its scheduler
     * unreachable after a standby has answered, the call ends with that refusal: the leader is gone and the standby
     * has not taken over yet, a moment without a leader (503 with that reason) rather than a broken scheduler, so the
     * breaker does not open and refuse everything once the standby leads.
     */
    private CompletableFuture<HttpResponse<byte[]>> send(String path, Duration deadline, byte[] body, int triesLeft,
                                                         long endNanos, HttpResponse<byte[]> notLeader,
                                                         String traceparent) {
        URI base = leader.current();
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(text(base) + path))
                .timeout(deadline.plus(resilience.deadlineMargin()).plusSeconds(1)) // backstop only
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (traceparent != null) builder.header(TraceParent.HEADER, traceparent);
        HttpRequest request = builder.build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
                .handle((response, failure) -> {
                    boolean again = triesLeft > 0 && leader.schedulers().size() > 1 && System.nanoTime() < endNanos;
                    if (failure != null) {
                        if (!unreachable(failure)) return CompletableFuture.<HttpResponse<byte[]>>failedFuture(failure);
                        leader.failedOver(base, null);
                        if (again) return send(path, deadline, body, triesLeft - 1, endNanos, notLeader, traceparent);
                        return notLeader != null ? CompletableFuture.completedFuture(notLeader)
                                : CompletableFuture.<HttpResponse<byte[]>>failedFuture(failure);
                    }
                    if (response.statusCode() == 503) {
                        String named = wire.notLeader(response.body());
                        if (named != null) {
                            leader.failedOver(base, named.isEmpty() ? null : named);
                            if (again) return send(path, deadline, body, triesLeft - 1, endNanos, response, traceparent);
                        }
                    }
                    return CompletableFuture.completedFuture(response);
                })
                .thenCompose(Function.identity());
    }

    /**
     * Whether a failed call means the scheduler is not there (refused, reset, closed: a process killed or gone),
     * rather than slow: a time-out is the request's own deadline, not a reason to ask the other scheduler.
     */
    private static boolean unreachable(Throwable failure) {
        Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (t instanceof java.net.http.HttpConnectTimeoutException) return true;
        return t instanceof IOException && !(t instanceof java.net.http.HttpTimeoutException);
    }

    /** The scheduler's view of an application, or empty when it does not know it. */
    public CompletableFuture<Optional<ApplicationState>> application(String application) {
        URI base = leader.current();
        HttpRequest request = HttpRequest.newBuilder(URI.create(text(base) + "/internal/v1/applications/"
                        + UriUtils.encodePathSegment(application, "UTF-8")))
                .timeout(properties.healthTimeout()).header("Accept", "application/json").GET().build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
                .handle((response, failure) -> {
                    if (failure != null) {
                        leader.failedOver(base, null); // the next read asks the other scheduler
                        throw unreachable(base, failure);
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

    /** The scheduler believed to lead now. */
    public URI baseUri() {
        return leader.current();
    }

    private static String text(URI base) {
        return base.toString().replaceAll("/+$", "");
    }

    private GatewayException unreachable(URI base, Throwable failure) {
        Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return GatewayException.unavailable("scheduler-unavailable", "scheduler unreachable at "
                + base + ": " + t.getClass().getSimpleName()
                + (t.getMessage() == null ? "" : " (" + t.getMessage() + ")"), t);
    }
}
