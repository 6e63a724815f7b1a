package io.baton.gateway.serving;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * What one inference request may ask of the suite, bound from {@code baton.gateway.request-limits.*}. A model's cost
 * can grow with its input (rows, or values that drive a loop), and a request's {@code timeout} is how long a worker
 * will run it before cancelling: both are bounded here, at the edge, before anything is sent on.
 *
 * @param maxElements    tensor elements in one request, all inputs together (default 16777216 = 2^24: a batch of
 *                       about 21,000 Fashion-MNIST images)
 * @param maxTensorBytes bytes of tensor data in one request, all inputs together, as the datatypes size them (default
 *                       64MB; what the scheduler and the worker each hold of the request, as base64 a third more)
 * @param maxTimeout     the longest {@code parameters.timeout} a client may ask for (default 10s); a request without
 *                       one has its application's SLO
 */
@ConfigurationProperties(prefix = "baton.gateway.request-limits")
public record RequestLimitsProperties(Long maxElements, DataSize maxTensorBytes, Duration maxTimeout) {

    public RequestLimitsProperties {
        if (maxElements == null) {
            maxElements = 1L << 24;
        }
        if (maxElements < 1) {
            throw new IllegalArgumentException("baton.gateway.request-limits.max-elements must be >= 1");
        }
        if (maxTensorBytes == null) {
            maxTensorBytes = DataSize.ofMegabytes(64);
        }
        if (maxTensorBytes.toBytes() < 1) {
            throw new IllegalArgumentException("baton.gateway.request-limits.max-tensor-bytes must be > 0");
        }
        if (maxTimeout == null) {
            maxTimeout = Duration.ofSeconds(10);
        }
        if (maxTimeout.isNegative() || maxTimeout.isZero()) {
            throw new IllegalArgumentException("baton.gateway.request-limits.max-timeout must be > 0");
        }
    }

    /** The defaults: for code that builds a gateway without Spring's binding (tests). */
    public static RequestLimitsProperties defaults() {
        return new RequestLimitsProperties(null, null, null);
    }
}
