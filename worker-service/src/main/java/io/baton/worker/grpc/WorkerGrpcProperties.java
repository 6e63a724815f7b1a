package io.baton.worker.grpc;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The worker's binary batch route ({@code baton.internal.v1.WorkerBatches} over gRPC), bound from
 * {@code baton.worker.grpc.*}.
 *
 * @param enabled         false: no gRPC port; the worker takes batches over HTTP only (and advertises no port)
 * @param port            the port; absent: the HTTP port + 1000 (8090 → 9090, clear of the suite's HTTP ports), or
 *                        any free port when the HTTP port is 0; 0: any free port. The worker advertises the port it
 *                        got in its registration, so a scheduler finds it whatever it is
 * @param threads         threads that run batches (a batch holds its thread while it waits for the device, as a
 *                        Tomcat thread does over HTTP); beyond them calls wait in order
 * @param maxMessageSize  the largest batch accepted: a bigger message is refused (RESOURCE_EXHAUSTED) before it is
 *                        held. The scheduler holds at most 96 MB of request bodies at once, so no honest batch is
 *                        larger than that
 * @param maxConcurrentCallsPerConnection calls in flight on one connection
 * @param handshakeTimeout how long a connection may take to say anything (its HTTP/2 preface)
 */
@ConfigurationProperties(prefix = "baton.worker.grpc")
public record WorkerGrpcProperties(@DefaultValue("true") boolean enabled, Integer port,
                                   @DefaultValue("200") int threads,
                                   @DefaultValue("128MB") DataSize maxMessageSize,
                                   @DefaultValue("1000") int maxConcurrentCallsPerConnection,
                                   @DefaultValue("10s") Duration handshakeTimeout) {

    /** How far above the HTTP port the gRPC port is by default. */
    static final int PORT_OFFSET = 1000;

    public WorkerGrpcProperties {
        if (port != null && (port < 0 || port > 65535)) {
            throw new IllegalArgumentException("baton.worker.grpc.port must be 0 (any free port) to 65535, got " + port);
        }
        if (threads < 1) throw new IllegalArgumentException("baton.worker.grpc.threads must be ≥ 1");
        if (maxMessageSize.toBytes() < 1024 || maxMessageSize.toBytes() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("baton.worker.grpc.max-message-size must be 1KB to 2GB");
        }
        if (maxConcurrentCallsPerConnection < 1) {
            throw new IllegalArgumentException("baton.worker.grpc.max-concurrent-calls-per-connection must be ≥ 1");
        }
    }

    /** The port to bind, given the HTTP port ({@code server.port}; 0: a free one). */
    int portFor(int httpPort) {
        if (port != null) return port;
        return httpPort > 0 && httpPort + PORT_OFFSET <= 65535 ? httpPort + PORT_OFFSET : 0;
    }
}
