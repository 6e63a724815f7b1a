package io.baton.scheduler.membership;

import io.baton.commons.membership.WorkerHeartbeat;
import io.baton.commons.membership.WorkerRegistration;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import io.baton.scheduler.SchedulerProperties;

/**
 * The workers the scheduler knows: registration, heartbeats, and eviction of those whose heartbeats stop.
 *
 * <p>Liveness is judged on the scheduler's own clock (when a registration or heartbeat <em>arrived</em>), never on
 * the worker's {@code sentAt}, so clock skew between machines cannot evict a healthy worker. A worker is evicted
 * once {@code now - lastSeen > workerTimeout}; {@link WorkerEvictor} checks every {@code evictionInterval}.
 *
 * <p>A live worker's id belongs to its address: a registration of that id from another URL is refused
 * ({@link WorkerIdTakenException}), since accepting it would divert the live worker's batches to the newcomer while
 * the real worker's heartbeats kept the entry live. An evicted id can be taken from anywhere.
 *
 * <p>Registering again from the same URL replaces the entry. When the old entry was still live the worker has most likely restarted,
 * losing whatever it was running, so listeners hear {@link WorkerListener#left} (reason {@code re-registered}) and
 * then {@link WorkerListener#joined}: in-flight batches are re-queued rather than waited for. Every change and its
 * listener calls happen under one lock, so listeners see changes in the order they happened.
 */
@Component
public class WorkerRegistry {

    private static final Logger log = LoggerFactory.getLogger(WorkerRegistry.class);

    private final Clock clock;
    private final Duration timeout;
    private final Map<String, Worker> workers = new LinkedHashMap<>();
    private final List<WorkerListener> listeners = new CopyOnWriteArrayList<>();

    @Autowired
    public WorkerRegistry(SchedulerProperties properties, ObjectProvider<WorkerListener> listeners) {
        this(Clock.systemUTC(), properties.workerTimeout());
        listeners.orderedStream().forEach(this.listeners::add);
    }

    public WorkerRegistry(Clock clock, Duration timeout) {
        this.clock = clock;
        this.timeout = timeout;
    }

    /** Adds a listener; it hears only changes from now on (read {@link #workers()} for the present ones). */
    public void addListener(WorkerListener listener) {
        listeners.add(listener);
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * Registers (or re-registers) a worker; it is live from now. The request must have been validated.
     *
     * @throws WorkerIdTakenException the id is live at another URL; nothing changes (no listener hears of it)
     */
    public synchronized Worker register(WorkerRegistration registration) {
        Instant now = clock.instant();
        Worker previous = workers.get(registration.workerId());
        URI url = URI.create(registration.url());
        if (previous != null && previous.live() && !sameAddress(previous.url(), url)) {
            log.warn("worker {} refused: live at {}, registration from {}", registration.workerId(), previous.url(), url);
            throw new WorkerIdTakenException(registration.workerId());
        }
        if (previous != null && previous.live()) {
            leave(previous.evicted(now, "re-registered"));
        }
        List<String> models = registration.models() == null ? List.of() : registration.models();
        Worker worker = new Worker(registration.workerId(), url, registration.device(),
                models, WorkerState.LIVE, now, now, null, null, null, registration.grpcPort());
        workers.put(worker.workerId(), worker);
        log.info("worker {} joined from {} ({} {}, {} cores)", worker.workerId(), worker.url(),
                worker.device().kind(), worker.device().provider(), worker.device().cores());
        for (WorkerListener listener : listeners) {
            listener.joined(worker);
        }
        return worker;
    }

    /**
     * Records a heartbeat from a live worker.
     *
     * @throws UnknownWorkerException the worker is not registered, or was evicted: it must register again
     */
    public synchronized Worker heartbeat(String workerId, WorkerHeartbeat heartbeat) {
        Worker worker = workers.get(workerId);
        if (worker == null || !worker.live()) {
            throw new UnknownWorkerException(workerId);
        }
        Worker seen = worker.seen(clock.instant(), heartbeat);
        workers.put(workerId, seen);
        for (WorkerListener listener : listeners) {
            listener.heartbeat(seen);
        }
        return seen;
    }

    /** Evicts every live worker not seen for longer than the timeout; returns them (as evicted). */
    public synchronized List<Worker> evictStale() {
        Instant now = clock.instant();
        List<Worker> gone = new ArrayList<>();
        for (Worker worker : List.copyOf(workers.values())) {
            Duration silent = Duration.between(worker.lastSeen(), now);
            if (worker.live() && silent.compareTo(timeout) > 0) {
                Worker evicted = worker.evicted(now, "no heartbeat for " + silent.toMillis() + " ms (timeout "
                        + timeout.toMillis() + " ms)");
                workers.put(worker.workerId(), evicted);
                leave(evicted);
                gone.add(evicted);
            }
        }
        return gone;
    }

    /** The same worker: scheme, host and port alike, and the same path but for a trailing slash. */
    private static boolean sameAddress(URI a, URI b) {
        return stripSlash(a.normalize().toString()).equalsIgnoreCase(stripSlash(b.normalize().toString()));
    }

    private static String stripSlash(String s) {
        return s.replaceAll("/+$", "");
    }

    private void leave(Worker evicted) {
        log.warn("worker {} left: {}", evicted.workerId(), evicted.leftReason());
        for (WorkerListener listener : listeners) {
            listener.left(evicted);
        }
    }

    /** Every worker known, live or evicted, by id. */
    public synchronized List<Worker> workers() {
        return workers.values().stream().sorted(Comparator.comparing(Worker::workerId)).toList();
    }

    /** The live workers, by id. */
    public synchronized List<Worker> live() {
        return workers().stream().filter(Worker::live).toList();
    }

    public synchronized Optional<Worker> find(String workerId) {
        return Optional.ofNullable(workers.get(workerId));
    }
}
