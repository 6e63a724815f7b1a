package io.baton.gateway.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.Tensor;
import io.baton.core.util.CoarseTimer;
import io.baton.gateway.GatewayException;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.support.Settings;
import io.baton.gateway.support.StubScheduler;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;

/** The time limiter, circuit breaker and bulkhead around scheduler calls, against a stub scheduler over HTTP. */
class SchedulerGuardTest {

    final StubScheduler stub = new StubScheduler().application("app", "single", Map.of("v", new StubScheduler.Model(
            List.of("x"), List.of("y"), in -> Map.of("y", in.get("x")))));
    final CoarseTimer timer = new CoarseTimer("scheduler-guard-test", TimeUnit.MILLISECONDS.toNanos(10));

    @AfterEach
    void stop() {
        stub.close();
        timer.close();
    }

    SchedulerClient client(String url, int minimumCalls, int maxConcurrent, Duration margin) {
        ResilienceProperties resilience = new ResilienceProperties(margin, Duration.ofMillis(500),
                new ResilienceProperties.CircuitBreaker(50f, 4, minimumCalls, Duration.ofMinutes(1), 1),
                new ResilienceProperties.Bulkhead(maxConcurrent, Duration.ZERO));
        UpstreamProperties upstreams = Settings.bind("baton.gateway", UpstreamProperties.class,
                Map.of("registry-url", "http://127.0.0.1:1", "scheduler-url", url));
        SchedulerGuard guard = new SchedulerGuard(CircuitBreakerRegistry.ofDefaults(), BulkheadRegistry.ofDefaults(),
                timer, resilience);
        return new SchedulerClient(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), new ObjectMapper(),
                guard, upstreams, resilience); // HTTP/1.1 keep-alive, as GatewayConfiguration builds it
    }

    static SchedulerCall call(double timeoutMs) {
        return new SchedulerCall("app", "v", timeoutMs, 0, List.of(Tensor.ofFloats("x", new long[] {1, 1}, 3f)), null);
    }

    static GatewayException failure(CompletableFuture<?> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            return (GatewayException) e.getCause();
        }
        throw new AssertionError("the call succeeded");
    }

    @Test
    void answersPassThrough() {
        SchedulerAnswer a = client(stub.url(), 2, 4, Duration.ofSeconds(5)).infer(call(5000)).join();
        assertThat(a.outputs().get(0).toDoubles()).containsExactly(3);
    }

    @Test
    void aSchedulerSlowerThanTheDeadlineIsA504() {
        stub.delay("app", 2000);
        GatewayException e = failure(client(stub.url(), 2, 4, Duration.ofMillis(20)).infer(call(30)));
        assertThat(e.status()).isEqualTo(504);
        assertThat(e.reason()).isEqualTo("timeout");
        assertThat(e.getMessage()).contains("no answer within 50 ms");
    }

    /**
     * A call the gateway gave up on keeps its connection: the scheduler still answers it (by the deadline at the
     * latest: it knows it too), the late answer is read, and the connection goes back to the pool, so that a time-out
     * under overload does not also cost the next call a new TCP connection on both sides.
     */
    @Test
    void aCallThatTimedOutLeavesItsConnectionToTheNextCall() throws InterruptedException {
        SchedulerClient client = client(stub.url(), 2, 4, Duration.ofMillis(20));
        client.infer(call(5000)).join();
        stub.delay("app", 300);
        assertThat(failure(client.infer(call(30))).status()).isEqualTo(504);
        Thread.sleep(700); // the late answer arrives and is read to its end
        stub.delay("app", 0);
        client.infer(call(5000)).join();
        assertThat(stub.clientPorts).hasSize(3);
        assertThat(stub.clientPorts.get(2)).as("ports %s", stub.clientPorts).isEqualTo(stub.clientPorts.get(0));
    }

    @Test
    void schedulerFailuresOpenTheBreakerButDropsAndWorkerFailuresDoNot() {
        SchedulerClient client = client(stub.url(), 2, 4, Duration.ofSeconds(5));
        stub.refuse("app", new StubScheduler.Refusal(503, "dropped", "QUEUE_FULL", "queue is full"));
        for (int i = 0; i < 6; i++) {
            assertThat(failure(client.infer(call(5000))).drop()).isTrue();
        }
        // A worker failing is the scheduler telling the truth, not the scheduler failing.
        stub.refuse("app", new StubScheduler.Refusal(502, "worker-failed", null, "worker down"));
        for (int i = 0; i < 6; i++) {
            assertThat(failure(client.infer(call(5000))).status()).isEqualTo(502);
        }
        stub.refuse("app", new StubScheduler.Refusal(500, "internal", null, "scheduler bug"));
        assertThat(failure(client.infer(call(5000))).status()).isIn(500, 502);
        assertThat(failure(client.infer(call(5000))).status()).isIn(500, 502);
        GatewayException open = failure(client.infer(call(5000)));
        assertThat(open.status()).isEqualTo(503);
        assertThat(open.reason()).isEqualTo("circuit-open");
        assertThat(open.getMessage()).contains("circuit breaker is open");
    }

    @Test
    void anUnreachableSchedulerIs503AndCountsAgainstTheBreaker() throws Exception {
        String url;
        try (StubScheduler gone = new StubScheduler()) {
            url = gone.url();
        }
        SchedulerClient client = client(url, 2, 4, Duration.ofSeconds(5));
        GatewayException e = failure(client.infer(call(5000)));
        assertThat(e.status()).isEqualTo(503);
        assertThat(e.reason()).isEqualTo("scheduler-unavailable");
        assertThat(e.getMessage()).contains("scheduler unreachable");
        failure(client.infer(call(5000)));
        assertThat(failure(client.infer(call(5000))).reason()).isEqualTo("circuit-open");
    }

    @Test
    void aFullBulkheadRefusesAtOnce() {
        stub.delay("app", 1500);
        SchedulerClient client = client(stub.url(), 100, 1, Duration.ofSeconds(5));
        CompletableFuture<SchedulerAnswer> first = client.infer(call(5000));
        GatewayException e = failure(client.infer(call(5000)));
        assertThat(e.status()).isEqualTo(503);
        assertThat(e.reason()).isEqualTo("bulkhead-full");
        assertThat(e.getMessage()).contains("too many requests in flight");
        assertThat(first.join().outputs()).hasSize(1);
    }

    @Test
    void theBreakerIsRegisteredUnderItsName() {
        CircuitBreakerRegistry registry = CircuitBreakerRegistry.ofDefaults();
        new SchedulerGuard(registry, BulkheadRegistry.ofDefaults(), timer, Settings.bind("baton.gateway.resilience",
                ResilienceProperties.class, Map.of()));
        assertThat(registry.find(SchedulerGuard.NAME)).get().extracting(CircuitBreaker::getState)
                .isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void aGrpcEnsembleAnswerRefusedWith500CountsAgainstTheBreakerAndADropDoesNot() {
        ResilienceProperties resilience = new ResilienceProperties(Duration.ofSeconds(5), Duration.ofMillis(500),
                new ResilienceProperties.CircuitBreaker(50f, 4, 2, Duration.ofMinutes(1), 1),
                new ResilienceProperties.Bulkhead(4, Duration.ZERO));
        SchedulerGuard guard = new SchedulerGuard(CircuitBreakerRegistry.ofDefaults(), BulkheadRegistry.ofDefaults(),
                timer, resilience);
        for (int i = 0; i < 6; i++) {
            guard.call(Duration.ofSeconds(5), () -> CompletableFuture.completedFuture(ensembleRefusal(503))).join();
        }
        assertThat(guard.circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.CLOSED);
        guard.call(Duration.ofSeconds(5), () -> CompletableFuture.completedFuture(ensembleRefusal(500))).join();
        guard.call(Duration.ofSeconds(5), () -> CompletableFuture.completedFuture(ensembleRefusal(500))).join();
        assertThat(guard.circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.OPEN);
    }

    private static io.baton.internal.grpc.EnsembleQueryAnswer ensembleRefusal(int status) {
        return io.baton.internal.grpc.EnsembleQueryAnswer.newBuilder()
                .setRefusal(io.baton.internal.grpc.Refusal.newBuilder().setStatus(status)).build();
    }
}
