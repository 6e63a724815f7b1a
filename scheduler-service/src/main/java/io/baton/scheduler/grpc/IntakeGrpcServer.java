package io.baton.scheduler.grpc;

import io.baton.commons.grpc.GrpcPort;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.baton.internal.grpc.InferCall;
import io.baton.internal.grpc.SchedulerIntakeGrpc;
import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.baton.commons.grpc.TraceContextInterceptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * The scheduler's gRPC port: started with the application context, after its beans, and stopped before them (calls
 * in progress get a few seconds to finish: {@link GrpcPort}). Whoever reaches it may be hostile: the secret is checked before a
 * message is read ({@link io.baton.commons.grpc.InternalSecretInterceptor}), a message is at most the budget for request bodies, the HTTP/2
 * handshake has a time limit and idle connections are closed.
 * <p>
 * Calls are read on Netty's event loop and submitted there when that cannot block; the few that may (an application
 * not read from the registry within the catalog's TTL, a pipeline stage, an ensemble query) are submitted on
 * {@code offLoop} ({@link IntakeGrpcProperties#threads()} threads), so that none stalls the other calls on its
 * connection. An answer is written from the thread its batch came back on.
 */
public final class IntakeGrpcServer extends GrpcPort {

    private static final Logger log = LoggerFactory.getLogger(IntakeGrpcServer.class);

    /** The metadata a call to itself carries: the suite's secret, when there is one. */
    private final Metadata secret;

    /**
     * @param offLoop the threads the services submit blocking calls on; shut down after the server
     */
    public IntakeGrpcServer(IntakeGrpcProperties settings, String address, long maxMessageBytes,
                            List<BindableService> services, ServerInterceptor secret, Metadata ownCalls,
                            ExecutorService offLoop) {
        super(server(settings, address, maxMessageBytes, services, secret),
                "gRPC intake (baton.internal.v1.SchedulerIntake, SchedulerEnsembles)", "baton.scheduler.grpc", log,
                () -> { }, offLoop);
        this.secret = ownCalls;
    }

    /** The threads a service hands a call to when submitting it may block. */
    public static ThreadPoolExecutor offLoop(IntakeGrpcProperties settings) {
        return GrpcPort.executor(settings.threads(), "grpc-intake-");
    }

    private static Server server(IntakeGrpcProperties settings, String address, long maxMessageBytes,
                                 List<BindableService> services, ServerInterceptor secret) {
        NettyServerBuilder builder = NettyServerBuilder.forAddress(GrpcPort.address(address, settings.port()))
                // the services move what may block off the loop themselves
                .directExecutor()
                .maxInboundMessageSize((int) Math.min(maxMessageBytes, Integer.MAX_VALUE))
                .handshakeTimeout(settings.handshakeTimeout().toNanos(), TimeUnit.NANOSECONDS)
                .maxConnectionIdle(settings.maxConnectionIdle().toNanos(), TimeUnit.NANOSECONDS);
        for (BindableService service : services) {
            builder.addService(ServerInterceptors.intercept(service, secret, new TraceContextInterceptor()));
        }
        return builder.build();
    }

    /** Opens the port, then warms its path with a call to itself. */
    @Override
    public synchronized void start() {
        super.start();
        warmUp();
    }

    /**
     * One call to itself over the port, answered at once (a 400 refusal: it names no application), in the
     * background: the classes of the gRPC path (Netty's server streams, the secret's check, the messages, the
     * refusal's problem body) are loaded before the gateway's first call rather than during it. The HTTP path is
     * warmed by the scheduler's warm-up; a standby that takes over serves its first gRPC calls as warm as the leader.
     */
    private void warmUp() {
        Thread t = new Thread(() -> {
            ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", port()).usePlaintext()
                    .build();
            try {
                SchedulerIntakeGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(secret))
                        .infer(InferCall.getDefaultInstance());
            } catch (RuntimeException e) {
                log.debug("gRPC intake warm-up call: {}", e.toString());
            } finally {
                channel.shutdownNow();
            }
        }, "grpc-intake-warmup");
        t.setDaemon(true);
        t.start();
    }
}
