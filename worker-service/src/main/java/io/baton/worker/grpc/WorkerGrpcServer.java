package io.baton.worker.grpc;

import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.LoggerFactory;

import io.baton.commons.grpc.GrpcPort;
import io.baton.commons.grpc.InternalSecretInterceptor;
import io.baton.commons.grpc.TraceContextInterceptor;
import io.grpc.BindableService;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;

/**
 * The worker's gRPC port: started with the application context, after its beans (so before the worker registers and
 * advertises it), and stopped before them, giving batches in progress a few seconds ({@link GrpcPort}). What a caller
 * controls is bounded: the message size, the metadata size, calls per connection and the time to open a connection;
 * the secret is checked before a call's message becomes a batch.
 */
public final class WorkerGrpcServer extends GrpcPort {

    WorkerGrpcServer(WorkerGrpcProperties settings, String address, int port, BindableService batches,
                     InternalSecretInterceptor secret) {
        this(GrpcPort.executor(settings.threads(), "grpc-batch-"), settings, address, port, batches, secret);
    }

    private WorkerGrpcServer(ThreadPoolExecutor executor, WorkerGrpcProperties settings, String address, int port,
                             BindableService batches, InternalSecretInterceptor secret) {
        super(NettyServerBuilder.forAddress(GrpcPort.address(address, port))
                        .executor(executor)
                        .maxInboundMessageSize((int) settings.maxMessageSize().toBytes())
                        .maxInboundMetadataSize(8 * 1024)
                        .maxConcurrentCallsPerConnection(settings.maxConcurrentCallsPerConnection())
                        .handshakeTimeout(settings.handshakeTimeout().toNanos(), TimeUnit.NANOSECONDS)
                        .addService(ServerInterceptors.intercept(batches, secret, new TraceContextInterceptor()))
                        .build(),
                "batches over gRPC (baton.internal.v1.WorkerBatches)", "baton.worker.grpc",
                LoggerFactory.getLogger(WorkerGrpcServer.class), () -> { }, executor);
    }
}
