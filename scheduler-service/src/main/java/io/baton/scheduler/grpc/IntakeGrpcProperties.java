package io.baton.scheduler.grpc;

import java.time.Duration;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The scheduler's gRPC intake ({@code baton.scheduler.grpc.*}): the gateway's inference calls in binary
 * ({@code SchedulerIntake}). Its largest message is the whole budget for request bodies in flight
 * ({@code baton.scheduler.request-bodies.max-in-flight}), as an HTTP body larger than it is refused.
 *
 * @param enabled           false: no gRPC port (the gateway then calls over HTTP)
 * @param port              0 picks a free one (tests)
 * @param threads           threads that submit the calls whose submit may block (an application not read from the
 *                          registry within the catalog's TTL, a pipeline stage, an ensemble query); the rest are
 *                          submitted on the connection's event loop. A call holds one only while it is submitted (its
 *                          answer is sent from wherever its batch comes back), so a few serve any rate
 * @param handshakeTimeout  a connection that has not finished the HTTP/2 preface by then is closed
 * @param maxConnectionIdle a connection without calls for this long is closed (GOAWAY); the gateway reconnects
 */
@Validated
@ConfigurationProperties(prefix = "baton.scheduler.grpc")
public record IntakeGrpcProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("9082") @Min(0) @Max(65535) int port,
        @DefaultValue("4") @Min(1) int threads,
        @DefaultValue("10s") Duration handshakeTimeout,
        @DefaultValue("30m") Duration maxConnectionIdle) {

    public IntakeGrpcProperties {
        for (Duration d : new Duration[] {handshakeTimeout, maxConnectionIdle}) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("baton.scheduler.grpc durations must be positive, not " + d);
            }
        }
    }
}
