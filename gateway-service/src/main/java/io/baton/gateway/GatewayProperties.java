package io.baton.gateway;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration of gateway-service, bound from {@code baton.gateway.*}.
 *
 * @param registryUrl          base URL of registry-service: application definitions, and the target of the
 *                             {@code /v1/**} admin proxy (default {@code http://127.0.0.1:8081})
 * @param schedulerUrl         base URL of scheduler-service, to which validated inference requests are forwarded
 *                             (default {@code http://127.0.0.1:8082})
 * @param appCacheTtl          how long an application definition read from the registry is reused (default 2 s;
 *                             0 reads it on every request)
 * @param apiKeys              bootstrap keys, accepted with every scope in {@code X-API-Key} or
 *                             {@code Authorization: Bearer} besides the keys stored in the registry; with none here
 *                             and none active there the admin routes are open (a warning is logged at start)
 * @param registryTimeout      limit on one registry call (default 2 s)
 * @param healthTimeout        limit on the readiness probes of the registry and the scheduler (default 1 s)
 * @param priorityDefaultLevel the Triton priority level that maps to Baton's default priority 0 (default 5); see
 *                             {@link io.baton.gateway.serving.PriorityMapping}
 * @param resilience           time limiter, circuit breaker and bulkhead around scheduler calls
 * @param inferenceAuth        whether the inference routes ({@code /v2/**} but its health probes) need a key with the
 *                             {@code infer} or {@code admin} scope: {@code optional} (default: no key needed, but a
 *                             key sent must be valid) or {@code required}
 * @param apiKeyCacheTtl       how long the registry's verdict on a key (accepted with its scopes, or refused) and its
 *                             count of active keys are reused (default 10 s): a revoked key stops working within this
 *                             time; 0 asks the registry every time
 * @param apiKeyCacheSize      most keys whose verdicts are kept at once (default 10,000; least recently used go first)
 * @param maxUploadSize        largest request body passed through {@code /v1/**} to the registry (default 256MB, the
 *                             registry's own default); larger is 413 before anything is sent on
 * @param maxInferRequestSize  largest inference request body (default 64MB); larger is 413
 * @param cors                 cross-origin access; none unless origins are listed
 * @param profilerUrl          base URL of profiler-service, the target of {@code /v1/profiling-jobs/**} (default
 *                             {@code http://127.0.0.1:8083})
 * @param adminTimeout         limit on one admin call passed to the profiler or the scheduler (plans, workers, the
 *                             metrics summary; default 30 s); registry calls, which may carry a large upload, have none
 * @param admission            how many inference requests are let in at once, per application and in all
 */
@ConfigurationProperties(prefix = "baton.gateway")
public record GatewayProperties(
        URI registryUrl,
        URI schedulerUrl,
        Duration appCacheTtl,
        List<String> apiKeys,
        Duration registryTimeout,
        Duration healthTimeout,
        Integer priorityDefaultLevel,
        Resilience resilience,
        InferenceAuth inferenceAuth,
        Duration apiKeyCacheTtl,
        Integer apiKeyCacheSize,
        DataSize maxUploadSize,
        DataSize maxInferRequestSize,
        Cors cors,
        URI profilerUrl,
        Duration adminTimeout,
        Admission admission) {

    public GatewayProperties {
        if (registryUrl == null) {
            registryUrl = URI.create("http://127.0.0.1:8081");
        }
        if (schedulerUrl == null) {
            schedulerUrl = URI.create("http://127.0.0.1:8082");
        }
        if (appCacheTtl == null) {
            appCacheTtl = Duration.ofSeconds(2);
        }
        apiKeys = apiKeys == null ? List.of() : apiKeys.stream().filter(k -> k != null && !k.isBlank()).toList();
        if (registryTimeout == null) {
            registryTimeout = Duration.ofSeconds(2);
        }
        if (healthTimeout == null) {
            healthTimeout = Duration.ofSeconds(1);
        }
        if (priorityDefaultLevel == null) {
            priorityDefaultLevel = 5;
        }
        if (priorityDefaultLevel < 1) {
            throw new IllegalArgumentException("baton.gateway.priority-default-level must be at least 1, not "
                    + priorityDefaultLevel);
        }
        if (resilience == null) {
            resilience = new Resilience(null, null, null, null);
        }
        if (inferenceAuth == null) {
            inferenceAuth = InferenceAuth.OPTIONAL;
        }
        if (apiKeyCacheTtl == null) {
            apiKeyCacheTtl = Duration.ofSeconds(10);
        }
        if (apiKeyCacheTtl.isNegative()) {
            throw new IllegalArgumentException("baton.gateway.api-key-cache-ttl must not be negative, not "
                    + apiKeyCacheTtl);
        }
        if (apiKeyCacheSize == null) {
            apiKeyCacheSize = 10_000;
        }
        if (apiKeyCacheSize < 1) {
            throw new IllegalArgumentException("baton.gateway.api-key-cache-size must be at least 1, not "
                    + apiKeyCacheSize);
        }
        if (maxUploadSize == null) {
            maxUploadSize = DataSize.ofMegabytes(256);
        }
        if (maxUploadSize.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.gateway.max-upload-size must be > 0, not " + maxUploadSize);
        }
        if (maxInferRequestSize == null) {
            maxInferRequestSize = DataSize.ofMegabytes(64);
        }
        if (maxInferRequestSize.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.gateway.max-infer-request-size must be > 0, not "
                    + maxInferRequestSize);
        }
        if (cors == null) {
            cors = new Cors(null);
        }
        if (profilerUrl == null) {
            profilerUrl = URI.create("http://127.0.0.1:8083");
        }
        if (adminTimeout == null) {
            adminTimeout = Duration.ofSeconds(30);
        }
        if (admission == null) {
            admission = new Admission(null, null, null, null);
        }
    }

    /** The same settings with the API keys masked, for {@code /actuator/info}. */
    public GatewayProperties redacted() {
        return new GatewayProperties(registryUrl, schedulerUrl, appCacheTtl,
                apiKeys.stream().map(k -> "***").toList(), registryTimeout, healthTimeout, priorityDefaultLevel,
                resilience, inferenceAuth, apiKeyCacheTtl, apiKeyCacheSize, maxUploadSize, maxInferRequestSize, cors,
                profilerUrl, adminTimeout, admission);
    }

    /** Never the keys: a record's own toString would print them into any log line that shows the settings. */
    @Override
    public String toString() {
        return "GatewayProperties[registryUrl=" + registryUrl + ", schedulerUrl=" + schedulerUrl + ", appCacheTtl="
                + appCacheTtl + ", apiKeys=(" + apiKeys.size() + " hidden), registryTimeout=" + registryTimeout
                + ", healthTimeout=" + healthTimeout + ", priorityDefaultLevel=" + priorityDefaultLevel
                + ", resilience=" + resilience + ", inferenceAuth=" + inferenceAuth + ", apiKeyCacheTtl="
                + apiKeyCacheTtl + ", apiKeyCacheSize=" + apiKeyCacheSize + ", maxUploadSize=" + maxUploadSize
                + ", maxInferRequestSize=" + maxInferRequestSize + ", cors=" + cors + ", profilerUrl=" + profilerUrl
                + ", adminTimeout=" + adminTimeout + ", admission=" + admission + "]";
    }

    /** Whether inference needs an API key. */
    public enum InferenceAuth {
        /** No key needed; a key that is sent must still be valid. */
        OPTIONAL,
        /** A key with the {@code infer} or {@code admin} scope on every inference route but the health probes. */
        REQUIRED
    }

    /**
     * @param allowedOrigins origins ({@code https://admin.example.com}, scheme, host and port only; {@code *} for any)
     *                       whose browser pages may call the gateway; empty (default): no cross-origin access at all,
     *                       no CORS header is ever sent
     */
    public record Cors(List<String> allowedOrigins) {
        public Cors {
            allowedOrigins = allowedOrigins == null ? List.of()
                    : allowedOrigins.stream().filter(o -> o != null && !o.isBlank()).map(String::strip).toList();
            for (String origin : allowedOrigins) {
                if (!origin.equals("*") && !origin.matches("https?://[^/?#\\s]+")) {
                    throw new IllegalArgumentException("baton.gateway.cors.allowed-origins: '" + origin + "' is not "
                            + "an origin (scheme://host[:port], no path) nor *");
                }
            }
        }
    }

    /**
     * @param deadlineMargin  the time limiter waits for a scheduler answer until the request's remaining deadline
     *                        plus this margin (default 50 ms), then answers 504
     * @param connectTimeout  TCP connect limit of the pooled HTTP client (default 1 s)
     * @param circuitBreaker  the breaker that stops calling a failing scheduler
     * @param bulkhead        the limit on concurrent scheduler calls
     */
    public record Resilience(Duration deadlineMargin, Duration connectTimeout, CircuitBreaker circuitBreaker,
                             Bulkhead bulkhead) {
        public Resilience {
            if (deadlineMargin == null) {
                deadlineMargin = Duration.ofMillis(50);
            }
            if (connectTimeout == null) {
                connectTimeout = Duration.ofSeconds(1);
            }
            if (circuitBreaker == null) {
                circuitBreaker = new CircuitBreaker(null, null, null, null, null);
            }
            if (bulkhead == null) {
                bulkhead = new Bulkhead(null, null);
            }
        }
    }

    /**
     * Counts as failures: connection errors, time-outs and scheduler answers of 500 and above other than 503 (a 503 is
     * the policy dropping a request, which is the scheduler working as meant).
     *
     * @param failureRateThreshold      percentage of failed calls in the window that opens the breaker (default 50)
     * @param slidingWindowSize         calls in the count-based window (default 50)
     * @param minimumNumberOfCalls      calls before the rate is judged (default 20)
     * @param waitInOpenState           how long the breaker stays open before letting trial calls through (default 5 s)
     * @param permittedCallsInHalfOpen  trial calls while half-open (default 5)
     */
    public record CircuitBreaker(Float failureRateThreshold, Integer slidingWindowSize, Integer minimumNumberOfCalls,
                                 Duration waitInOpenState, Integer permittedCallsInHalfOpen) {
        public CircuitBreaker {
            if (failureRateThreshold == null) {
                failureRateThreshold = 50f;
            }
            if (slidingWindowSize == null) {
                slidingWindowSize = 50;
            }
            if (minimumNumberOfCalls == null) {
                minimumNumberOfCalls = 20;
            }
            if (waitInOpenState == null) {
                waitInOpenState = Duration.ofSeconds(5);
            }
            if (permittedCallsInHalfOpen == null) {
                permittedCallsInHalfOpen = 5;
            }
        }
    }

    /**
     * @param maxConcurrentCalls scheduler calls in flight at once (default 512; an ensemble request makes one per base
     *                           model)
     * @param maxWait            how long a call may wait for a free slot before being refused (default 0: at once)
     */
    public record Bulkhead(Integer maxConcurrentCalls, Duration maxWait) {
        public Bulkhead {
            if (maxConcurrentCalls == null) {
                maxConcurrentCalls = 512;
            }
            if (maxWait == null) {
                maxWait = Duration.ZERO;
            }
        }
    }

    /**
     * Admission control of inference requests ({@link io.baton.gateway.admission.AdmissionControl}): past capacity,
     * the excess is refused at once (503, reason {@code overloaded}, {@code Retry-After: 1}) instead of waiting to be
     * served late.
     *
     * @param enabled        false lets every request in (default true)
     * @param maxInFlight    inference requests in flight in the gateway at once, all applications together; each
     *                       application's own limit starts here (default 224; keep it below
     *                       {@code server.tomcat.threads.max}, 256 in this service's configuration, so that a refusal
     *                       is never queued behind the requests it protects)
     * @param minInFlight    no application's limit falls below this (default 8)
     * @param targetMissRate the share of an application's answers in a window that may be misses (dropped by the
     *                       policy or for the deadline, or timed out) before its limit falls (default 0.05)
     */
    public record Admission(Boolean enabled, Integer maxInFlight, Integer minInFlight, Double targetMissRate) {
        public Admission {
            if (enabled == null) {
                enabled = true;
            }
            if (maxInFlight == null) {
                maxInFlight = 224;
            }
            if (minInFlight == null) {
                minInFlight = 8;
            }
            if (targetMissRate == null) {
                targetMissRate = 0.05;
            }
            if (maxInFlight < 1) {
                throw new IllegalArgumentException("baton.gateway.admission.max-in-flight must be at least 1, not "
                        + maxInFlight);
            }
            if (minInFlight < 1) {
                throw new IllegalArgumentException("baton.gateway.admission.min-in-flight must be at least 1, not "
                        + minInFlight);
            }
            if (!(targetMissRate >= 0 && targetMissRate < 1)) {
                throw new IllegalArgumentException("baton.gateway.admission.target-miss-rate must lie in [0, 1), not "
                        + targetMissRate);
            }
        }
    }
}
