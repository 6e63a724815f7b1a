package io.baton.gateway.scheduler;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Time limiter, circuit breaker and bulkhead around scheduler calls, bound from {@code baton.gateway.resilience.*}.
 *
 * @param deadlineMargin the time limiter waits for a scheduler answer until the request's remaining deadline plus this
 *                       margin, then answers 504
 * @param connectTimeout TCP connect limit of the pooled HTTP client
 * @param circuitBreaker the breaker that stops calling a failing scheduler
 * @param bulkhead       the limit on concurrent scheduler calls
 */
@ConfigurationProperties(prefix = "baton.gateway.resilience")
public record ResilienceProperties(
        @DefaultValue("50ms") Duration deadlineMargin,
        @DefaultValue("1s") Duration connectTimeout,
        @DefaultValue CircuitBreaker circuitBreaker,
        @DefaultValue Bulkhead bulkhead) {

    /**
     * Counts as failures: connection errors, time-outs and scheduler answers of 500 and above other than 503 (a 503 is
     * the policy dropping a request, which is the scheduler working as meant).
     *
     * @param failureRateThreshold     percentage of failed calls in the window that opens the breaker
     * @param slidingWindowSize        calls in the count-based window
     * @param minimumNumberOfCalls     calls before the rate is judged
     * @param waitInOpenState          how long the breaker stays open before letting trial calls through
     * @param permittedCallsInHalfOpen trial calls while half-open
     */
    public record CircuitBreaker(
            @DefaultValue("50") float failureRateThreshold,
            @DefaultValue("50") int slidingWindowSize,
            @DefaultValue("20") int minimumNumberOfCalls,
            @DefaultValue("5s") Duration waitInOpenState,
            @DefaultValue("5") int permittedCallsInHalfOpen) {
    }

    /**
     * @param maxConcurrentCalls scheduler calls in flight at once (an ensemble request makes one per base model)
     * @param maxWait            how long a call may wait for a free slot before being refused (0: at once)
     */
    public record Bulkhead(
            @DefaultValue("512") int maxConcurrentCalls,
            @DefaultValue("0s") Duration maxWait) {
    }
}
