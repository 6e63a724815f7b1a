package io.baton.gateway.serving;

import java.time.Duration;

import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * What one inference request may ask of the suite, bound from {@code baton.gateway.request-limits.*}. A model's cost
 * can grow with its input (rows, or values that drive a loop), and a request's {@code timeout} is how long a worker
 * will run it before cancelling: both are bounded here, at the edge, before anything is sent on.
 *
 * @param maxElements    tensor elements in one request, all inputs together (2^24: a batch of about 21,000
 *                       Fashion-MNIST images)
 * @param maxTensorBytes bytes of tensor data in one request, all inputs together, as the datatypes size them (what the
 *                       scheduler and the worker each hold of the request, as base64 a third more)
 * @param maxTimeout     the longest {@code parameters.timeout} a client may ask for; a request without one has its
 *                       application's SLO
 * @param maxBodiesInFlight inference request bodies the gateway holds at once, from before the body is read until the
 *                       request is answered (the largest body allowed). Each is held several times over while it is
 *                       decoded and encoded for the scheduler (about 4 to 6 times its size), so two 60 MB requests at
 *                       once ran a 512 MB heap out of memory; past the budget a request is refused with a 503 before
 *                       its body is read. A body of unknown length (chunked) counts as
 *                       {@code baton.gateway.max-infer-request-size}
 */
@Validated
@ConfigurationProperties(prefix = "baton.gateway.request-limits")
public record RequestLimitsProperties(
        @DefaultValue("16777216") @Min(1) long maxElements,
        @DefaultValue("64MB") DataSize maxTensorBytes,
        @DefaultValue("10s") @DurationMin(nanos = 0, inclusive = false) Duration maxTimeout,
        @DefaultValue("64MB") DataSize maxBodiesInFlight) {

    public RequestLimitsProperties {
        if (maxTensorBytes.toBytes() < 1) {
            throw new IllegalArgumentException("baton.gateway.request-limits.max-tensor-bytes must be > 0");
        }
        if (maxBodiesInFlight.toBytes() < 1) {
            throw new IllegalArgumentException("baton.gateway.request-limits.max-bodies-in-flight must be > 0");
        }
    }
}
