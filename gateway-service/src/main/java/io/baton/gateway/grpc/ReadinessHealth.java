package io.baton.gateway.grpc;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

import io.baton.gateway.oip.UpstreamHealth;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;

/**
 * gRPC's standard health service ({@code grpc.health.v1.Health}) for the server ({@code ""}) and for
 * {@code inference.GRPCInferenceService}: SERVING when the registry and the scheduler answer, as
 * {@code GET /v2/health/ready}; NOT_SERVING otherwise.
 * <ul>
 *   <li>{@code Check} asks the upstreams at each call; any other service name is NOT_FOUND. Kubernetes' gRPC probes
 *   and {@code grpc_health_probe} call it.</li>
 *   <li>{@code Watch} answers the current status at once, then again only when it changes, until the client cancels;
 *   any other service name gets SERVICE_UNKNOWN as a status (not an error) and keeps its stream, as the protocol
 *   says. A client cannot make it cost much: one thread polls the upstreams every {@code health-watch-interval}
 *   for all watchers, and only while somebody watches; at most {@code health-max-watchers} streams are open at once
 *   (more get RESOURCE_EXHAUSTED); a cancelled stream leaves at once; a client that does not read is sent only the
 *   latest status when it reads again, so nothing queues for it.</li>
 * </ul>
 * {@link #close()}, when the server stops, ends the poller and the open streams (UNAVAILABLE), so that the server's
 * graceful shutdown does not wait for streams that never end by themselves.
 */
final class ReadinessHealth extends HealthGrpc.HealthImplBase implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ReadinessHealth.class);

    private final UpstreamHealth health;
    private final Duration interval;
    private final int maxWatchers;
    private final ScheduledThreadPoolExecutor poller;
    private final Set<Watcher> watchers = ConcurrentHashMap.newKeySet();
    /** The poll's schedule while somebody watches; guarded by {@code this}, as are the membership and closing. */
    private ScheduledFuture<?> polling;
    private boolean closed;

    ReadinessHealth(UpstreamHealth health, Duration interval, int maxWatchers) {
        this.health = health;
        this.interval = interval;
        this.maxWatchers = maxWatchers;
        this.poller = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "grpc-health-watch");
            t.setDaemon(true);
            return t;
        });
        poller.setRemoveOnCancelPolicy(true);
    }

    @Override
    public void check(HealthCheckRequest request, StreamObserver<HealthCheckResponse> answer) {
        String service = request.getService();
        if (!served(service)) {
            answer.onError(Status.NOT_FOUND.withDescription("no service '" + service + "' here").asRuntimeException());
            return;
        }
        answer.onNext(response(current()));
        answer.onCompleted();
    }

    @Override
    public void watch(HealthCheckRequest request, StreamObserver<HealthCheckResponse> answer) {
        ServerCallStreamObserver<HealthCheckResponse> stream = (ServerCallStreamObserver<HealthCheckResponse>) answer;
        boolean known = served(request.getService());
        Watcher watcher = new Watcher(stream, known);
        stream.setOnCancelHandler(() -> leave(watcher));
        stream.setOnReadyHandler(watcher::flush);
        synchronized (this) {
            if (closed) {
                stream.onError(Status.UNAVAILABLE.withDescription("the gateway is shutting down").asRuntimeException());
                return;
            }
            if (watchers.size() >= maxWatchers) {
                stream.onError(Status.RESOURCE_EXHAUSTED.withDescription("already " + watchers.size()
                        + " health watchers, the most this gateway serves at once "
                        + "(baton.gateway.grpc.health-max-watchers); call Check instead").asRuntimeException());
                return;
            }
            watchers.add(watcher);
            if (polling == null) {
                polling = poller.scheduleWithFixedDelay(this::poll, interval.toNanos(), interval.toNanos(),
                        TimeUnit.NANOSECONDS);
            }
        }
        // the first answer is the status now; the poller sends the changes from it
        watcher.first(known ? current() : ServingStatus.SERVICE_UNKNOWN);
    }

    /** Ends the poller and every open Watch stream (UNAVAILABLE); later Watch calls get UNAVAILABLE. */
    @Override
    public void close() {
        List<Watcher> open;
        synchronized (this) {
            closed = true;
            polling = null;
            open = List.copyOf(watchers);
            watchers.clear();
        }
        poller.shutdownNow();
        for (Watcher w : open) {
            w.end(Status.UNAVAILABLE.withDescription("the gateway is shutting down"));
        }
    }

    private synchronized void leave(Watcher watcher) {
        watchers.remove(watcher);
        if (watchers.isEmpty() && polling != null) {
            polling.cancel(false);
            polling = null;
        }
    }

    private void poll() {
        ServingStatus now;
        try {
            now = current();
        } catch (RuntimeException e) {
            // a scheduled task that throws is never run again: the watchers would hear of no change after it
            log.warn("the health watch could not ask the registry and the scheduler", e);
            now = ServingStatus.NOT_SERVING;
        }
        for (Watcher w : watchers) {
            if (w.known) {
                try {
                    w.send(now);
                } catch (RuntimeException e) {
                    // one broken stream must not end the polling for the others
                    log.debug("a health watcher could not be told its status; it leaves", e);
                    leave(w);
                }
            }
        }
    }

    private ServingStatus current() {
        return health.problems().isEmpty() ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
    }

    private static boolean served(String service) {
        return service.isEmpty() || service.equals(GRPCInferenceServiceGrpc.SERVICE_NAME);
    }

    private static HealthCheckResponse response(ServingStatus status) {
        return HealthCheckResponse.newBuilder().setStatus(status).build();
    }

    /**
     * One Watch stream. Its writes are serialised (a StreamObserver is not thread-safe: the call's thread sends the
     * first status, the poller the changes, the transport's thread flushes when the client reads again).
     */
    private static final class Watcher {

        private final ServerCallStreamObserver<HealthCheckResponse> stream;
        private final boolean known;
        private ServingStatus latest;
        private ServingStatus sent;
        private boolean ended;

        Watcher(ServerCallStreamObserver<HealthCheckResponse> stream, boolean known) {
            this.stream = stream;
            this.known = known;
        }

        /** The status found when the stream opened, unless a poll's newer one came first. */
        synchronized void first(ServingStatus status) {
            if (latest == null) {
                send(status);
            }
        }

        synchronized void send(ServingStatus status) {
            latest = status;
            flush();
        }

        /** Sends the latest status if it is not the one sent last and the client reads (else on its next read). */
        synchronized void flush() {
            if (!ended && latest != null && latest != sent && !stream.isCancelled() && stream.isReady()) {
                sent = latest;
                stream.onNext(response(latest));
            }
        }

        synchronized void end(Status status) {
            if (!ended) {
                ended = true;
                if (!stream.isCancelled()) {
                    stream.onError(status.asRuntimeException());
                }
            }
        }
    }
}
