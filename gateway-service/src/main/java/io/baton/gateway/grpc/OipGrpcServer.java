package io.baton.gateway.grpc;

import io.baton.core.util.CoarseTimer;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.slf4j.LoggerFactory;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.baton.commons.grpc.GrpcPort;
import io.baton.commons.grpc.TraceContextInterceptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;

/**
 * The gateway's gRPC port: started with the application context, after its beans, and stopped before them (calls in
 * progress get a few seconds to finish: {@link GrpcPort}). Everything a client controls is bounded: message size (the REST body
 * limit), streams per connection, the time to say anything (the HTTP/2 handshake) and to send a request
 * ({@link ReceiveDeadline}), idle connections, keepalive pings, the health service's Watch streams and their
 * polling ({@link ReadinessHealth}). Bytes that are not a request message are bad input ({@link StrictRequests}).
 */
public final class OipGrpcServer extends GrpcPort {

    /**
     * @param offLoop which calls leave the connection's event loop for {@code threads}
     * @param threads the threads calls that may block are served on; shut down after the server
     */
    OipGrpcServer(GrpcProperties settings, String address, long maxMessageBytes, List<BindableService> services,
                  ReadinessHealth health, ServerInterceptor apiKeys, OffLoop offLoop, ExecutorService threads) {
        // the health service's Watch streams never end by themselves: ended first, they do not hold the shutdown
        super(server(settings, address, maxMessageBytes, services, health, apiKeys, offLoop),
                "OIP gRPC (inference.GRPCInferenceService)", "baton.gateway.grpc",
                LoggerFactory.getLogger(OipGrpcServer.class), health::close, threads);
    }

    private static Server server(GrpcProperties settings, String address, long maxMessageBytes,
                                 List<BindableService> services, ReadinessHealth health, ServerInterceptor apiKeys,
                                 OffLoop offLoop) {
        ReceiveDeadline deadline = new ReceiveDeadline(CoarseTimer.shared(), settings.receiveTimeout(),
                settings.streamIdleTimeout());
        NettyServerBuilder builder = NettyServerBuilder.forAddress(GrpcPort.address(address, settings.port()))
                // calls run where their bytes are read; OffLoop moves those that may block to the port's threads
                .directExecutor()
                .maxInboundMessageSize((int) Math.min(maxMessageBytes, Integer.MAX_VALUE))
                .maxConcurrentCallsPerConnection(settings.maxConcurrentCallsPerConnection())
                .handshakeTimeout(settings.handshakeTimeout().toNanos(), TimeUnit.NANOSECONDS)
                .maxConnectionIdle(settings.maxConnectionIdle().toNanos(), TimeUnit.NANOSECONDS)
                .keepAliveTime(settings.keepAliveTime().toNanos(), TimeUnit.NANOSECONDS)
                .keepAliveTimeout(settings.keepAliveTimeout().toNanos(), TimeUnit.NANOSECONDS)
                .permitKeepAliveTime(settings.permitKeepAliveTime().toNanos(), TimeUnit.NANOSECONDS)
                .permitKeepAliveWithoutCalls(false);
        for (BindableService s : Stream.concat(services.stream(), Stream.of(health)).toList()) {
            // the API key is checked first, then the deadline to receive the request starts; a request that is not
            // the method's message, or not one per unary call, is refused inside them, as bad input
            builder.addService(ServerInterceptors.intercept(StrictRequests.of(s.bindService()), deadline, apiKeys,
                    new TraceContextInterceptor(), offLoop));
        }
        return builder.build();
    }
}
