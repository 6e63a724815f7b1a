package io.baton.gateway.scheduler;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;

import io.baton.core.util.CoarseTimer;
import io.baton.gateway.GatewayException;
import io.baton.internal.grpc.EnsembleQueryAnswer;
import io.baton.internal.grpc.InferAnswer;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * Resilience4j around every inference call to the scheduler, outermost first: a bulkhead (calls in flight), a circuit
 * breaker (stops calling a scheduler that fails or hangs), and a time limit set per call to the request's remaining
 * deadline plus {@code deadline-margin}. Each refusal becomes a {@link GatewayException} with a clear message.
 * <p>
 * The time limit is armed on a {@link CoarseTimer} (up to a tick late) rather than Resilience4j's time limiter on a
 * scheduled executor, which woke its thread for most calls: one is armed for every request and almost none fires.
 * <p>
 * The breaker counts connection errors and answers of 500 and above other than 502 and 503 (over HTTP or inside a
 * gRPC answer's refusal): a 503 is the policy dropping a request, the scheduler doing its job under load, which must
 * not open the breaker; nor do time-outs (a deadline passed, DEADLINE_EXCEEDED) or a full budget for bodies
 * (RESOURCE_EXHAUSTED).
 */
public final class SchedulerGuard {

    public static final String NAME = "scheduler";

    private final Bulkhead bulkhead;
    private final CircuitBreaker circuitBreaker;
    private final CoarseTimer timer;
    private final Duration margin;

    public SchedulerGuard(CircuitBreakerRegistry breakers, BulkheadRegistry bulkheads, CoarseTimer timer,
                          ResilienceProperties settings) {
        ResilienceProperties.CircuitBreaker cb = settings.circuitBreaker();
        CircuitBreakerConfig breakerConfig = CircuitBreakerConfig.custom()
                .failureRateThreshold(cb.failureRateThreshold())
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(cb.slidingWindowSize())
                .minimumNumberOfCalls(cb.minimumNumberOfCalls())
                .waitDurationInOpenState(cb.waitInOpenState())
                .permittedNumberOfCallsInHalfOpenState(cb.permittedCallsInHalfOpen())
                .recordResult(SchedulerGuard::failedAnswer)
                // A request that outlives its deadline says the workers are busy, not that the scheduler is broken:
                // opening the breaker then would refuse every application for the sake of one overloaded one.
                .ignoreExceptions(TimeoutException.class)
                // the same over gRPC: a deadline passed, or a full budget for bodies (the HTTP route's 503)
                .ignoreException(SchedulerGuard::busyOverGrpc)
                .build();
        this.circuitBreaker = breakers.circuitBreaker(NAME, breakerConfig);
        this.bulkhead = bulkheads.bulkhead(NAME, BulkheadConfig.custom()
                .maxConcurrentCalls(settings.bulkhead().maxConcurrentCalls())
                .maxWaitDuration(settings.bulkhead().maxWait())
                .build());
        this.timer = timer;
        this.margin = settings.deadlineMargin();
    }

    /** Whether a call may wait for a free slot of the bulkhead ({@code bulkhead.max-wait} above 0), blocking its thread. */
    public boolean mayWait() {
        return !bulkhead.getBulkheadConfig().getMaxWaitDuration().isZero();
    }

    public CircuitBreaker circuitBreaker() {
        return circuitBreaker;
    }

    /**
     * Runs {@code call} under the guard with {@code deadline} (plus the margin) as its time limit; the future fails
     * with a {@link GatewayException} when the guard refuses or the call fails.
     */
    public <T> CompletableFuture<T> call(Duration deadline, Supplier<CompletableFuture<T>> call) {
        Duration limit = deadline.plus(margin);
        Supplier<java.util.concurrent.CompletionStage<T>> guarded = () -> limited(call.get(), limit);
        guarded = CircuitBreaker.decorateCompletionStage(circuitBreaker, guarded);
        guarded = Bulkhead.decorateCompletionStage(bulkhead, guarded);
        CompletableFuture<T> result = new CompletableFuture<>();
        guarded.get().whenComplete((response, failure) -> {
            if (failure == null) {
                result.complete(response);
            } else {
                result.completeExceptionally(translate(failure, limit));
            }
        });
        return result;
    }

    /**
     * {@code started}, completed with a {@link TimeoutException} once {@code limit} has passed without its answer. The
     * call itself is not cancelled: an HTTP exchange still reads its late answer, so its connection goes back to the
     * pool for the next call (the scheduler answers by the request's deadline in any case).
     */
    private <T> CompletableFuture<T> limited(CompletableFuture<T> started, Duration limit) {
        CoarseTimer.Timeout timeout = timer.schedule(() -> started.completeExceptionally(
                new TimeoutException("no answer within " + limit.toMillis() + " ms")), limit.toNanos(),
                TimeUnit.NANOSECONDS);
        return started.whenComplete((value, failure) -> timeout.cancel());
    }

    /**
     * A scheduler answer that counts against it: a 5xx of its own. Not 503 (a policy's drop) and not 502 (a worker
     * failed and the scheduler said so): those are answers of a healthy scheduler.
     */
    private static boolean failedAnswer(Object result) {
        int status = result instanceof HttpResponse<?> r ? r.statusCode()
                : result instanceof InferAnswer a && a.hasRefusal() ? a.getRefusal().getStatus()
                : result instanceof EnsembleQueryAnswer q && q.hasRefusal() ? q.getRefusal().getStatus() : 200;
        return status >= 500 && status != 503 && status != 502;
    }

    private static boolean busyOverGrpc(Throwable failure) {
        Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return t instanceof StatusRuntimeException s && (s.getStatus().getCode() == Status.Code.DEADLINE_EXCEEDED
                || s.getStatus().getCode() == Status.Code.RESOURCE_EXHAUSTED);
    }

    private GatewayException translate(Throwable failure, Duration limit) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof GatewayException g) {
            return g;
        }
        if (t instanceof CallNotPermittedException) {
            return GatewayException.unavailable("circuit-open", "scheduler circuit breaker is open after repeated "
                    + "failures; calls resume after " + circuitBreaker.getCircuitBreakerConfig()
                    .getWaitIntervalFunctionInOpenState().apply(1) + " ms", t);
        }
        if (t instanceof BulkheadFullException) {
            return GatewayException.unavailable("bulkhead-full", "too many requests in flight to the scheduler ("
                    + bulkhead.getBulkheadConfig().getMaxConcurrentCalls() + "); retry shortly", t);
        }
        if (t instanceof TimeoutException || t instanceof HttpTimeoutException) {
            return new GatewayException(504, "timeout", "scheduler gave no answer within " + limit.toMillis()
                    + " ms (the request's deadline plus " + margin.toMillis() + " ms)");
        }
        if (t instanceof StatusRuntimeException s) {
            return translate(s.getStatus(), limit);
        }
        if (t instanceof IOException) {
            String m = t.getMessage();
            return GatewayException.unavailable("scheduler-unavailable", "scheduler unreachable: "
                    + t.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : " (" + m + ")"), t);
        }
        return GatewayException.badGateway("scheduler-failed", "scheduler call failed: " + t);
    }

    /** A gRPC call's failure, as the HTTP call's like failure reads. */
    private GatewayException translate(Status status, Duration limit) {
        String description = status.getDescription() == null ? "" : " (" + status.getDescription() + ")";
        return switch (status.getCode()) {
            case DEADLINE_EXCEEDED -> new GatewayException(504, "timeout", "scheduler gave no answer within "
                    + limit.toMillis() + " ms (the request's deadline plus " + margin.toMillis() + " ms)");
            case UNAVAILABLE -> GatewayException.unavailable("scheduler-unavailable", "scheduler unreachable: "
                    + status.getCode() + description, status.getCause());
            case RESOURCE_EXHAUSTED -> GatewayException.unavailable("scheduler-unavailable",
                    "scheduler unavailable: " + status.getCode() + description, null);
            default -> GatewayException.badGateway("scheduler-failed", "scheduler call failed: " + status.getCode()
                    + description);
        };
    }
}
