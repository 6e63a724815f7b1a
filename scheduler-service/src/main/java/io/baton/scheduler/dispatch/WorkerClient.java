package io.baton.scheduler.dispatch;

import io.baton.core.security.InternalCredentials;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.trace.TraceParent;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.trace.BatchTrace;
import io.baton.scheduler.trace.RequestTrace;
import io.grpc.Status;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.baton.commons.http.HttpClients;
import io.baton.internal.grpc.BatchCall;

/**
 * Sends batches to workers under a per-worker Resilience4j circuit breaker and a per-call timeout: over gRPC
 * ({@code baton.internal.v1.WorkerBatches/Run}, every part as raw bytes, on one persistent HTTP/2 channel per worker,
 * {@link WorkerChannels}) to a worker that advertised its gRPC port, else over HTTP ({@code POST
 * /internal/v1/batches}, worker-service's JSON, streamed out of the requests' own input nodes). Either way the call
 * is made on the {@code io} executor so that the engine's thread never encodes a batch, failures are classified
 * alike (refused or cut off: the breaker opens; a 400 or 422 refusal: the batch's fault), and the answer is one tree
 * (the HTTP route's JSON).
 */
public record WorkerClient(ObjectMapper json, CircuitBreakerRegistry breakers, Executor io, HttpClient http,
                           WorkerChannels channels) implements AutoCloseable {

    /**
     * How much longer than the batch's time limit the call waits for the answer: the worker cancels the run at the
     * limit itself and answers why ({@code run-cancelled}), and that answer is worth more than a time-out here.
     */
    static final Duration REPLY_MARGIN = Duration.ofSeconds(1);

    /** {@code credentials}: the suite's secret, sent with every call (workers serve only the suite). */
    public WorkerClient(ObjectMapper json, CircuitBreakerRegistry breakers, Executor io,
                        InternalCredentials credentials) {
        this(json, breakers, io, HttpClients.internal(credentials, HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1).executor(io).connectTimeout(Duration.ofSeconds(2))),
                new WorkerChannels(credentials));
    }

    /** Opens the worker's gRPC channel ahead of its first batch, when it advertised a gRPC port: it has joined. */
    public void connect(Worker worker) {
        if (worker.grpcPort() != null) channels.connect(worker);
    }

    /** Closes the worker's gRPC channel, if it has one: it has left (a new registration opens a new one). */
    public void forget(String workerId) {
        channels.forget(workerId);
    }

    @Override
    public void close() {
        channels.close();
    }

    /** The breaker guarding calls to this worker (made on first use, from the {@code worker} configuration). */
    public CircuitBreaker breaker(String workerId) {
        return breakers.circuitBreaker("worker-" + workerId, "worker");
    }

    /** Forgets a worker's failures: it has registered anew. */
    public void reset(String workerId) {
        breaker(workerId).reset();
    }

    /** Calls {@code listener} with true when this worker's breaker opens, false when it leaves the open state. */
    public void onBreakerChange(String workerId, Consumer<Boolean> listener) {
        breaker(workerId).getEventPublisher().onStateTransition(e -> {
            CircuitBreaker.State to = e.getStateTransition().getToState();
            listener.accept(to == CircuitBreaker.State.OPEN || to == CircuitBreaker.State.FORCED_OPEN);
        });
    }

    /**
     * Runs one batch: every request's inputs become one part of each input tensor, in order. Completes with the
     * worker's answer, or exceptionally with a {@link WorkerCallException} that says what went wrong.
     */
    public CompletableFuture<JsonNode> run(Worker worker, LiveVariant variant, List<PendingRequest> requests,
                                           Duration timeout) {
        RequestTrace head = headTrace(requests);
        // the call carries the head request's context: each member's own timeline gets the batch's spans (see
        // io.baton.scheduler.trace), the worker's work belongs to all of them
        return run(worker, variant, requests, timeout, head == null ? null : head.batch(),
                head == null ? null : head.parent().child());
    }

    /**
     * The same, with the batch's trace stamps and the context its call carries given rather than read from its head
     * request (a Schemble member's task: its query's trace holds one batch per member); either null: none.
     */
    public CompletableFuture<JsonNode> run(Worker worker, LiveVariant variant, List<PendingRequest> requests,
                                           Duration timeout, BatchTrace stamps, TraceParent context) {
        CircuitBreaker breaker = breaker(worker.workerId());
        if (!breaker.tryAcquirePermission()) {
            return CompletableFuture.failedFuture(new WorkerCallException("worker " + worker.workerId()
                    + " is not called: its circuit breaker is open after repeated failures"));
        }
        if (worker.grpcPort() != null) {
            return runOverGrpc(worker, breaker, variant, requests, timeout, stamps, context);
        }
        long start = System.nanoTime();
        return CompletableFuture.supplyAsync(() -> body(variant, requests, timeout), io)
                .thenCompose(body -> {
                    HttpRequest.Builder call = HttpRequest.newBuilder(worker.url().resolve("/internal/v1/batches"))
                            .timeout(timeout.plus(REPLY_MARGIN))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body.bytes(), 0, body.length()));
                    if (context != null) call.header(TraceParent.HEADER, context.header());
                    if (stamps != null) stamps.callOut();
                    return http.sendAsync(call.build(), HttpResponse.BodyHandlers.ofByteArray());
                })
                .handle((response, error) -> {
                    long took = System.nanoTime() - start;
                    if (stamps != null && (error != null || response.statusCode() != 200)) stamps.answered(null);
                    if (error != null) {
                        Throwable cause = error instanceof CompletionException && error.getCause() != null
                                ? error.getCause() : error;
                        breaker.onError(took, TimeUnit.NANOSECONDS, cause);
                        if (cause instanceof IOException && !(cause instanceof HttpTimeoutException)) {
                            // Refused or cut off: the process is gone or going. Waiting for the failure rate to
                            // cross its threshold would send it more batches (and their retries) meanwhile; it
                            // gets batches again when the breaker half-opens, or when it registers anew.
                            breaker.transitionToOpenState();
                        }
                        throw new WorkerCallException(describe(worker, cause, timeout.plus(REPLY_MARGIN)));
                    }
                    int status = response.statusCode();
                    if (status == 200) {
                        breaker.onSuccess(took, TimeUnit.NANOSECONDS);
                        JsonNode answer = read(response.body(), worker);
                        if (stamps != null) stamps.answered(answer.path("timing"));
                        return answer;
                    }
                    throw refused(worker, breaker, took, status, response.body());
                });
    }

    /**
     * The batch over gRPC, its answer read on the connection's event loop. A batch whose inputs all came as bytes is
     * put into its call and sent from the calling thread (the engine's): that is a wrap of each part, and handing it
     * to {@code io} first cost a wake-up per batch on its path. One with an input to encode (JSON numbers, base64
     * text) is built on {@code io}, off the engine's one thread.
     */
    private CompletableFuture<JsonNode> runOverGrpc(Worker worker, CircuitBreaker breaker, LiveVariant variant,
                                                    List<PendingRequest> requests, Duration timeout,
                                                    BatchTrace stamps, TraceParent context) {
        long start = System.nanoTime();
        Duration wait = timeout.plus(REPLY_MARGIN);
        CompletableFuture<BatchCall> built;
        if (GrpcBatches.allRaw(requests)) {
            try {
                built = CompletableFuture.completedFuture(GrpcBatches.call(variant, requests, timeout.toMillis()));
            } catch (RuntimeException e) {
                built = CompletableFuture.failedFuture(e);
            }
        } else {
            built = CompletableFuture.supplyAsync(() -> GrpcBatches.call(variant, requests, timeout.toMillis()), io);
        }
        return built
                .thenCompose(call -> {
                    if (stamps != null) stamps.callOut();
                    return channels.run(worker, call, wait, context);
                })
                .handle((answer, error) -> {
                    long took = System.nanoTime() - start;
                    if (stamps != null && (error != null || !answer.hasResult())) stamps.answered(null);
                    if (error != null) {
                        Throwable cause = error instanceof CompletionException && error.getCause() != null
                                ? error.getCause() : error;
                        throw grpcFailure(worker, breaker, took, cause, wait);
                    }
                    if (!answer.hasResult()) {
                        throw refused(worker, breaker, took, answer.getRefusal().getStatus(),
                                answer.getRefusal().getProblem().toByteArray());
                    }
                    breaker.onSuccess(took, TimeUnit.NANOSECONDS);
                    JsonNode tree = GrpcBatches.tree(answer.getResult());
                    if (stamps != null) stamps.answered(tree.path("timing"));
                    return tree;
                });
    }

    /** The first of the batch's requests whose call carried a trace context; null when none did. */
    private static RequestTrace headTrace(List<PendingRequest> requests) {
        for (PendingRequest p : requests) {
            if (p.trace != null) return p.trace;
        }
        return null;
    }

    /** A call that ended without an answer, classified as the HTTP route's failures are. */
    private WorkerCallException grpcFailure(Worker worker, CircuitBreaker breaker, long took, Throwable cause,
                                            Duration wait) {
        if (cause instanceof WorkerCallException w && w.batchAtFault()) {
            // the batch could not be put into a call (an input the checks let through): nothing was sent
            breaker.releasePermission();
            return w;
        }
        Status status = Status.fromThrowable(cause);
        String where = "worker " + worker.workerId() + " at " + worker.url().getHost() + ":" + worker.grpcPort();
        switch (status.getCode()) {
            case UNAVAILABLE -> {
                // Refused or cut off, as an IOException over HTTP: the process is gone or going (see run)
                breaker.onError(took, TimeUnit.NANOSECONDS, cause);
                breaker.transitionToOpenState();
                return new WorkerCallException(where + " could not be reached: " + status.getDescription());
            }
            case DEADLINE_EXCEEDED -> {
                breaker.onError(took, TimeUnit.NANOSECONDS, cause);
                return new WorkerCallException("worker " + worker.workerId() + " did not answer within "
                        + wait.toMillis() + " ms");
            }
            case RESOURCE_EXHAUSTED -> {
                // the batch is larger than the worker takes: its size, not the worker's health
                breaker.onSuccess(took, TimeUnit.NANOSECONDS);
                return new WorkerCallException(where + " refused the batch: " + status.getDescription(), true);
            }
            default -> {
                breaker.onError(took, TimeUnit.NANOSECONDS, cause);
                return new WorkerCallException("calling " + where + " failed: " + status.getCode()
                        + (status.getDescription() == null ? "" : ": " + status.getDescription()));
            }
        }
    }

    /** A worker's refusal ({@code status} and its problem body), from either route. */
    private WorkerCallException refused(Worker worker, CircuitBreaker breaker, long took, int status, byte[] problem) {
        String detail = "worker " + worker.workerId() + " answered " + status + ": " + problemDetail(problem);
        if (status >= 500) {
            breaker.onError(took, TimeUnit.NANOSECONDS, new WorkerCallException(detail));
        } else {
            // A 4xx is this batch's fault (its inputs), not the worker's health.
            breaker.onSuccess(took, TimeUnit.NANOSECONDS);
        }
        // 400 and 422 are the worker's judgement of the batch (malformed, not fitting the model, a model that
        // cannot be opened, a run cancelled for its own time or memory); anything else may be this worker's
        return new WorkerCallException(detail, status == 400 || status == 422);
    }

    /**
     * Asks a worker to load a variant now ({@code POST /internal/v1/models/{digest}/load}), so that the first
     * batch does not wait for the load. Best effort: a failure here is only logged by the caller's next batch.
     */
    public CompletableFuture<Integer> preload(Worker worker, String digest) {
        return http.sendAsync(HttpRequest.newBuilder(worker.url().resolve("/internal/v1/models/" + digest + "/load"))
                        .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.discarding()).thenApply(HttpResponse::statusCode);
    }

    private JsonNode read(byte[] body, Worker worker) {
        try {
            return json.readTree(body);
        } catch (IOException e) {
            throw new WorkerCallException("worker " + worker.workerId() + " answered a body that is not JSON");
        }
    }

    private String problemDetail(byte[] body) {
        try {
            JsonNode problem = json.readTree(body);
            if (problem != null && problem.hasNonNull("detail")) {
                return problem.get("detail").asText();
            }
        } catch (IOException ignored) {
            // not a problem body: show its start
        }
        String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }

    private static String describe(Worker worker, Throwable cause, Duration timeout) {
        if (cause instanceof HttpTimeoutException) {
            return "worker " + worker.workerId() + " did not answer within " + timeout.toMillis() + " ms";
        }
        if (cause instanceof WorkerCallException w) {
            return w.getMessage();
        }
        if (cause instanceof IOException) {
            return "worker " + worker.workerId() + " at " + worker.url() + " could not be reached: "
                    + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
        }
        return "calling worker " + worker.workerId() + " failed: " + cause;
    }

    /** A batch body: the first {@code length} bytes of {@code bytes}. */
    record Body(byte[] bytes, int length) {
    }

    /** A {@link ByteArrayOutputStream} whose bytes are handed out as they are, without {@code toByteArray}'s copy. */
    private static final class BodyBuffer extends ByteArrayOutputStream {
        BodyBuffer(int size) {
            super(size);
        }

        Body body() {
            return new Body(buf, count);
        }
    }

    private static int estimatedBodyBytes(List<PendingRequest> requests) {
        long bytes = 1024;
        for (PendingRequest r : requests) {
            for (InferJob.Input in : r.job.inputs()) {
                bytes += in.base64() != null ? in.base64().length() + 256
                        : in.raw() != null ? in.raw().length * 4L / 3 + 256 : 4096;
            }
        }
        return (int) Math.min(bytes, Integer.MAX_VALUE - 16);
    }

    /**
     * worker-service's batch body: {@code {variant, inputs: [{name, datatype, parts: [...]}], outputs, binaryOutputs,
     * batched, timeoutMs}} ({@code batched} only when false: a variant that does not batch); the worker cancels the
     * run when {@code timeoutMs} has passed since it received the batch.
     */
    Body body(LiveVariant variant, List<PendingRequest> requests, Duration timeout) {
        // sized for the base64 text up front (a buffer grown by doubling from 4 kB held up to twice a large body), and
        // sent from where it was written, not from a copy
        BodyBuffer out = new BodyBuffer(estimatedBodyBytes(requests));
        try (JsonGenerator g = json.getFactory().createGenerator(out)) {
            InferJob first = requests.get(0).job;
            g.writeStartObject();
            g.writeStringField("variant", variant.digest());
            g.writeArrayFieldStart("inputs");
            for (int i = 0; i < first.inputs().size(); i++) {
                InferJob.Input head = first.inputs().get(i);
                g.writeStartObject();
                g.writeStringField("name", head.name());
                g.writeStringField("datatype", head.datatype());
                g.writeArrayFieldStart("parts");
                for (PendingRequest r : requests) {
                    InferJob.Input in = r.job.inputs().get(i);
                    g.writeStartObject();
                    g.writeArrayFieldStart("shape");
                    for (long d : in.shape()) g.writeNumber(d);
                    g.writeEndArray();
                    if (in.base64() != null) {
                        g.writeStringField("base64", in.base64());
                    } else if (in.raw() != null) {
                        g.writeFieldName("base64");
                        g.writeBinary(in.raw());
                    } else {
                        g.writeFieldName("data");
                        json.writeTree(g, in.data());
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            List<String> outputs = BatchOutputs.union(requests);
            if (outputs != null) {
                g.writeArrayFieldStart("outputs");
                for (String o : outputs) g.writeString(o);
                g.writeEndArray();
            }
            g.writeBooleanField("binaryOutputs", BatchOutputs.allBinary(requests));
            if (!variant.batched()) g.writeBooleanField("batched", false); // one request, its tensors run as sent
            g.writeNumberField("timeoutMs", Math.max(1, timeout.toMillis()));
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.body();
    }
}
