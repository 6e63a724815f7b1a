package io.baton.commons.grpc;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import io.grpc.Server;

/** What every internal gRPC port does the same way. */
public final class GrpcServers {

    private GrpcServers() {
    }

    /**
     * Stops {@code server} as a service stops: calls in progress get {@code graceSeconds} to finish, then the rest are
     * cut; then its {@code executor} goes.
     */
    public static void stop(Server server, ExecutorService executor, int graceSeconds) {
        server.shutdown();
        try {
            if (!server.awaitTermination(graceSeconds, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        }
        executor.shutdownNow();
    }
}
