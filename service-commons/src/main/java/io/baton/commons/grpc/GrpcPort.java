package io.baton.commons.grpc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.springframework.context.SmartLifecycle;

import io.grpc.Server;

/**
 * One gRPC port's life, as every port of the suite lives it (the gateway's OIP port, the scheduler's intake, the
 * worker's batches): bound where the service's HTTP port is, its calls served on a small pool of named daemon threads,
 * started with the service (a port that cannot be opened fails the start, naming the settings that choose it) and
 * stopped before it, the calls in progress given {@value #GRACE_SECONDS} s to finish before the rest are cut and its
 * threads go. What differs from port to port (its services, interceptors and bounds) is in how its server is built:
 * each port is a subclass that builds it (on threads of {@link #executor}, bound at {@link #address}) and hands it here.
 * Spring starts and stops it as a {@link SmartLifecycle} bean.
 */
public abstract class GrpcPort implements SmartLifecycle {

    /** How long calls in progress have to finish when the port stops. */
    public static final int GRACE_SECONDS = 5;

    private final Server server;
    private final String serving;
    private final String settings;
    private final Logger log;
    private final Runnable beforeStop;
    private final List<ExecutorService> executors;
    private volatile boolean running;

    /**
     * @param serving    what the port serves, as its start is logged ({@code "... on port N"})
     * @param settings   the prefix of the settings that choose the port ({@code baton.worker.grpc}: its {@code .port}
     *                   and {@code .enabled}), named when it cannot be opened
     * @param beforeStop what must end before the server can (streams that never end by themselves); run on a failed
     *                   start too
     * @param executors  the threads the server runs on, shut down after it
     */
    protected GrpcPort(Server server, String serving, String settings, Logger log, Runnable beforeStop,
                       ExecutorService... executors) {
        this.server = server;
        this.serving = serving;
        this.settings = settings;
        this.log = log;
        this.beforeStop = beforeStop;
        this.executors = List.of(executors);
    }

    /** Opens the port; an {@link UncheckedIOException} naming the settings when it cannot be opened. */
    @Override
    public synchronized void start() {
        try {
            server.start();
        } catch (IOException e) {
            beforeStop.run();
            executors.forEach(ExecutorService::shutdownNow);
            throw new UncheckedIOException("the gRPC port " + server + " for " + serving + " cannot be opened ("
                    + settings + ".port; 0 for any free port, " + settings + ".enabled=false for none)", e);
        }
        running = true;
        log.info("{} on port {}", serving, server.getPort());
    }

    /**
     * Stops the port as a service stops: calls in progress get {@value #GRACE_SECONDS} s to finish, then the rest are
     * cut; then its threads go. Once: a second stop does nothing.
     */
    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        beforeStop.run();
        server.shutdown();
        try {
            if (!server.awaitTermination(GRACE_SECONDS, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        }
        executors.forEach(ExecutorService::shutdownNow);
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** The port it listens on (the one picked, for port 0); -1 before it starts. */
    public int port() {
        return server.getPort();
    }

    /** Where a port binds: {@code address} (the service's {@code server.address}), or all interfaces when it is blank. */
    public static InetSocketAddress address(String address, int port) {
        return address == null || address.isBlank() ? new InetSocketAddress(port) : new InetSocketAddress(address, port);
    }

    /**
     * The threads a port's calls run on: {@code threads} of them at most, idle ones let go after a minute, named
     * {@code prefix1}, {@code prefix2}, ... and daemons (they never hold the process up).
     */
    public static ThreadPoolExecutor executor(int threads, String prefix) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                daemonThreads(prefix));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** Daemon threads named {@code prefix1}, {@code prefix2}, ... */
    public static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
