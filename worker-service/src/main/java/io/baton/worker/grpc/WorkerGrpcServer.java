package io.baton.worker.grpc;

import io.baton.commons.grpc.GrpcServers;

import io.baton.commons.grpc.InternalSecretInterceptor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.baton.commons.grpc.TraceContextInterceptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;

/**
 * The worker's gRPC port: started with the application context, after its beans (so before the worker registers and
 * advertises it), and stopped before them, giving batches in progress a few seconds. What a caller controls is
 * bounded: the message size, the metadata size, calls per connection and the time to open a connection; the secret
 * is checked before a call's message becomes a batch.
 */
public final class WorkerGrpcServer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WorkerGrpcServer.class);

    private final Server server;
    private final ThreadPoolExecutor executor;
    private volatile boolean running;

    WorkerGrpcServer(WorkerGrpcProperties settings, String address, int port, BindableService batches,
                     InternalSecretInterceptor secret) {
        this.executor = new ThreadPoolExecutor(settings.threads(), settings.threads(), 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "grpc-batch-" + THREADS.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        executor.allowCoreThreadTimeOut(true);
        InetSocketAddress bind = address == null || address.isBlank() ? new InetSocketAddress(port)
                : new InetSocketAddress(address, port);
        this.server = NettyServerBuilder.forAddress(bind)
                .executor(executor)
                .maxInboundMessageSize((int) settings.maxMessageSize().toBytes())
                .maxInboundMetadataSize(8 * 1024)
                .maxConcurrentCallsPerConnection(settings.maxConcurrentCallsPerConnection())
                .handshakeTimeout(settings.handshakeTimeout().toNanos(), TimeUnit.NANOSECONDS)
                .addService(ServerInterceptors.intercept(batches, secret, new TraceContextInterceptor()))
                .build();
    }

    private static final AtomicInteger THREADS = new AtomicInteger();

    @Override
    public synchronized void start() {
        try {
            server.start();
        } catch (IOException e) {
            executor.shutdownNow();
            throw new UncheckedIOException("the worker's gRPC port cannot be opened (baton.worker.grpc.port; 0 for "
                    + "any free port, baton.worker.grpc.enabled=false for none)", e);
        }
        running = true;
        log.info("batches over gRPC (baton.internal.v1.WorkerBatches) on port {}", server.getPort());
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        GrpcServers.stop(server, executor, 5);
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** The port it listens on (the one picked, for port 0); -1 before it starts. */
    public int port() {
        return server.getPort();
    }
}
