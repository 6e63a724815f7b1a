package io.baton.gateway.grpc;

import java.time.Duration;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The gateway's gRPC port ({@code baton.gateway.grpc.*}). The largest message it takes is the REST body limit,
 * {@code baton.gateway.max-infer-request-size}.
 *
 * @param enabled                         false: no gRPC port at all
 * @param port                            8001 as Triton's; 0 picks a free one (tests)
 * @param maxConcurrentCallsPerConnection HTTP/2 streams one connection may hold open at once; more wait in the client
 * @param threads                         threads answering the calls that may block ({@link OffLoop}): metadata,
 *                                        readiness, a key to look up, streams, an ensemble or a pipeline, which
 *                                        holds one until it is answered, as a REST request holds a Tomcat thread. A
 *                                        single-model ModelInfer holds none: it runs on the connection's event loop
 * @param handshakeTimeout                a connection that has not finished the HTTP/2 preface by then is closed (a
 *                                        client that connects and says nothing)
 * @param receiveTimeout                  a call's request must have arrived whole by then (a client that opens a call
 *                                        and never sends it, or sends it slowly): DEADLINE_EXCEEDED
 * @param streamIdleTimeout               a ModelStreamInfer stream with no request for this long is closed
 *                                        (DEADLINE_EXCEEDED)
 * @param maxConnectionIdle               a connection without calls for this long is closed (GOAWAY)
 * @param keepAliveTime                   the server pings a connection quiet for this long ...
 * @param keepAliveTimeout                ... and closes it when the ping is not answered within this
 * @param permitKeepAliveTime             clients pinging more often than this are disconnected
 * @param healthWatchInterval             how often the health service's Watch asks the registry and the scheduler
 *                                        (one shared poller, only while somebody watches)
 * @param healthMaxWatchers               Watch streams open at once; more get RESOURCE_EXHAUSTED
 */
@Validated
@ConfigurationProperties(prefix = "baton.gateway.grpc")
public record GrpcProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("8001") @Min(0) @Max(65535) int port,
        @DefaultValue("100") @Min(1) int maxConcurrentCallsPerConnection,
        @DefaultValue("256") @Min(1) int threads,
        @DefaultValue("10s") Duration handshakeTimeout,
        @DefaultValue("30s") Duration receiveTimeout,
        @DefaultValue("5m") Duration streamIdleTimeout,
        @DefaultValue("5m") Duration maxConnectionIdle,
        @DefaultValue("2h") Duration keepAliveTime,
        @DefaultValue("20s") Duration keepAliveTimeout,
        @DefaultValue("1m") Duration permitKeepAliveTime,
        @DefaultValue("5s") Duration healthWatchInterval,
        @DefaultValue("256") @Min(1) int healthMaxWatchers) {

    public GrpcProperties {
        for (Duration d : new Duration[] {handshakeTimeout, receiveTimeout, streamIdleTimeout, maxConnectionIdle,
                keepAliveTime, keepAliveTimeout, permitKeepAliveTime, healthWatchInterval}) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("baton.gateway.grpc durations must be positive, not " + d);
            }
        }
    }
}
