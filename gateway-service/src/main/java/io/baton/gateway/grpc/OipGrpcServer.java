package io.baton.gateway.grpc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.baton.commons.grpc.TraceContextInterceptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;

/**
 * The gateway's gRPC port: started with the application context, after its beans, and stopped before them (calls in
 * progress get a few seconds to finish). Everything a client controls is bounded: message size (the REST body
 * limit), streams per connection, the time to say anything (the HTTP/2 handshake) and to send a request
 * ({@link ReceiveDeadline}), idle connections, keepalive pings, the health service's Watch streams and their
 * polling ({@link ReadinessHealth}). Bytes that are not a request message are bad input ({@link StrictRequests}).
 */
public final class OipGrpcServer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OipGrpcServer.class);

    private final Server server;
    private final ExecutorService executor;
    private final ScheduledExecutorService timers;
    private final ReadinessHealth health;
    private volatile boolean running;

    OipGrpcServer(GrpcProperties settings, String address, long maxMessageBytes, List<BindableService> services,
                  ReadinessHealth health, ServerInterceptor apiKeys) {
        this.health = health;
        this.executor = new ThreadPoolExecutor(settings.threads(), settings.threads(), 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), threads("grpc-oip-"));
        ((ThreadPoolExecutor) executor).allowCoreThreadTimeOut(true);
        ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(1, threads("grpc-deadline-"));
        deadlines.setRemoveOnCancelPolicy(true);
        this.timers = deadlines;
        InetSocketAddress bind = address == null || address.isBlank() ? new InetSocketAddress(settings.port())
                : new InetSocketAddress(address, settings.port());
        ReceiveDeadline deadline = new ReceiveDeadline(timers, settings.receiveTimeout(),
                settings.streamIdleTimeout());
        NettyServerBuilder builder = NettyServerBuilder.forAddress(bind)
                .executor(executor)
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
                    new TraceContextInterceptor()));
        }
        this.server = builder.build();
    }

    @Override
    public synchronized void start() {
        try {
            server.start();
        } catch (IOException e) {
            shutdownExecutors();
            throw new UncheckedIOException("the gRPC port " + server + " cannot be opened "
                    + "(baton.gateway.grpc.port; 0 for any free port, baton.gateway.grpc.enabled=false for none)", e);
        }
        running = true;
        log.info("OIP gRPC (inference.GRPCInferenceService) on port {}", server.getPort());
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        // the health service's Watch streams never end by themselves: ended first, they do not hold the shutdown
        health.close();
        server.shutdown();
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        }
        shutdownExecutors();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** The port it listens on: the configured one, or the one picked for {@code baton.gateway.grpc.port=0}. */
    public int port() {
        return server.getPort();
    }

    private void shutdownExecutors() {
        health.close();
        executor.shutdownNow();
        timers.shutdownNow();
    }

    private static ThreadFactory threads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
