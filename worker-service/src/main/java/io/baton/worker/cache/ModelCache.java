package io.baton.worker.cache;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.baton.core.onnx.MalformedModelException;
import io.baton.worker.artifact.ArtifactSource;
import io.baton.worker.runtime.OpenedModel;
import io.baton.worker.runtime.RefusedModelException;
import io.baton.commons.runtime.ResidentMemory;
import io.baton.worker.runtime.SessionFactory;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The models resident on this worker, under a memory budget, evicting the least recently used.
 *
 * <p><b>Footprint.</b> What a model counts against the budget is estimated when it is loaded, as
 * {@code max(artifact bytes, growth of the process's resident set across the session's creation)}. The resident-set
 * delta sees what ONNX Runtime really allocates (initializers copied out of the protobuf, pre-packed weights, the
 * session's arena) but can under-count when the allocator reuses memory freed earlier, hence the artifact size as a
 * floor. Loads are serialized (one at a time, under {@code loadLock}) so that two loads never share a delta. On CUDA
 * the same host-side estimate is used; the device memory a session takes is not visible through ONNX Runtime's
 * Java API.
 *
 * <p><b>Eviction.</b> Before a load the cache evicts until the artifact's size fits; after it, until the measured
 * footprint fits. The victims are the least recently used models (a batch or a load touches a model). A model that a
 * running batch holds is still evicted from the index and the budget at once; its session is closed when that batch
 * ends ({@link UnloadRecord#unloadMs()} is then null in the eviction report and set in {@link #recentUnloads()}).
 *
 * <p><b>Timing.</b> Fetch, load (session creation) and unload (session close) are timed with {@link System#nanoTime()}
 * and published as Micrometer timers {@code baton.worker.model.fetch}, {@code baton.worker.model.load},
 * {@code baton.worker.model.unload}: these are SneakPeek's swap costs.
 */
public final class ModelCache implements AutoCloseable {

    private static final int RECENT_UNLOADS = 32;

    private final ArtifactSource source;
    private final SessionFactory sessions;
    private final long budgetBytes;
    private final MeterRegistry meters;
    private final Clock clock;
    private final Counter evictions;
    private final ReentrantLock loadLock = new ReentrantLock(true);

    // guarded by this
    private final LinkedHashMap<String, LoadedModel> resident = new LinkedHashMap<>(16, 0.75f, true);
    private final Deque<UnloadRecord> recentUnloads = new ArrayDeque<>();
    private long residentBytes;

    public ModelCache(ArtifactSource source, SessionFactory sessions, long budgetBytes, MeterRegistry meters) {
        this.source = source;
        this.sessions = sessions;
        this.budgetBytes = budgetBytes;
        this.meters = meters;
        this.clock = Clock.systemUTC();
        this.evictions = Counter.builder("baton.worker.cache.evictions")
                .description("models evicted to stay within the memory budget").register(meters);
        Gauge.builder("baton.worker.cache.resident", this, ModelCache::residentBytes).baseUnit("bytes")
                .description("estimated bytes of the resident models").register(meters);
        Gauge.builder("baton.worker.cache.budget", this, ModelCache::budgetBytes).baseUnit("bytes")
                .description("memory budget of the model cache").register(meters);
        Gauge.builder("baton.worker.cache.models", this, c -> c.models().size())
                .description("resident models").register(meters);
    }

    /** A model held for one batch: it is not closed before the lease is (its cache's {@link #release}). */
    public final class Lease implements AutoCloseable {
        private final LoadedModel model;
        private final LoadReport load;
        private final long waitedNanos;
        private boolean closed;

        private Lease(LoadedModel model, LoadReport load, long waitedNanos) {
            this.model = model;
            this.load = load;
            this.waitedNanos = waitedNanos;
        }

        public LoadedModel model() {
            return model;
        }

        /** The load this acquisition triggered, or null when the model was resident (or loaded by another). */
        public LoadReport load() {
            return load;
        }

        /** Time spent waiting for the model to become resident (0 on a hit). */
        public long waitedNanos() {
            return waitedNanos;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                release(model);
            }
        }
    }

    /** Holds the model for a batch, loading it first (and evicting others) when it is not resident. */
    public Lease acquire(String digest) {
        long start = System.nanoTime();
        LoadedModel hit = retainIfResident(digest);
        if (hit != null) {
            return new Lease(hit, null, 0);
        }
        loadLock.lock();
        try {
            hit = retainIfResident(digest);
            if (hit != null) {
                return new Lease(hit, null, System.nanoTime() - start);
            }
            LoadOutcome outcome = loadLocked(digest, true);
            return new Lease(outcome.model(), outcome.report(), System.nanoTime() - start);
        } finally {
            loadLock.unlock();
        }
    }

    /** Makes the model resident (a no-op but for the LRU order if it already is). */
    public LoadReport load(String digest) {
        loadLock.lock();
        try {
            synchronized (this) {
                LoadedModel model = resident.get(digest);
                if (model != null) {
                    model.lastUsedAt = clock.instant();
                    return new LoadReport(model.view(), true, List.of());
                }
            }
            return loadLocked(digest, false).report();
        } finally {
            loadLock.unlock();
        }
    }

    /** Unloads the model; empty when it is not resident. */
    public Optional<UnloadRecord> unload(String digest) {
        LoadedModel model;
        synchronized (this) {
            model = resident.remove(digest);
            if (model == null) {
                return Optional.empty();
            }
            retire(model, UnloadRecord.UNLOADED);
            if (model.leases > 0) {
                return Optional.of(new UnloadRecord(digest, UnloadRecord.UNLOADED, model.footprintBytes(), null,
                        clock.instant()));
            }
        }
        return Optional.of(closeTimed(model, UnloadRecord.UNLOADED));
    }

    public synchronized List<ModelView> models() {
        List<ModelView> views = new ArrayList<>();
        for (LoadedModel m : resident.values()) {
            views.add(m.view());
        }
        java.util.Collections.reverse(views); // most recently used first
        return views;
    }

    public synchronized List<UnloadRecord> recentUnloads() {
        return List.copyOf(recentUnloads);
    }

    public synchronized long residentBytes() {
        return residentBytes;
    }

    public long budgetBytes() {
        return budgetBytes;
    }

    private record LoadOutcome(LoadedModel model, LoadReport report) {
    }

    private synchronized LoadedModel retainIfResident(String digest) {
        LoadedModel model = resident.get(digest);
        if (model != null) {
            model.leases++;
            model.lastUsedAt = clock.instant();
        }
        return model;
    }

    /** Fetches, evicts, opens, measures and indexes the model. Caller holds {@code loadLock}. */
    private LoadOutcome loadLocked(String digest, boolean retain) {
        long fetchStart = System.nanoTime();
        byte[] bytes = source.fetch(digest);
        long fetchNanos = System.nanoTime() - fetchStart;
        meters.timer("baton.worker.model.fetch", "variant", digest).record(fetchNanos, TimeUnit.NANOSECONDS);
        if (bytes.length > budgetBytes) {
            throw new ModelTooLargeException(digest, bytes.length, budgetBytes);
        }
        List<UnloadRecord> evicted = new ArrayList<>(closeEvicted(makeRoom(bytes.length, null)));

        long rssBefore = ResidentMemory.bytes();
        long openStart = System.nanoTime();
        OpenedModel opened;
        try {
            opened = sessions.open(bytes);
        } catch (OrtException e) {
            throw new ModelUnreadableException(digest, e.getMessage(), e);
        } catch (RefusedModelException e) {
            throw ModelUnreadableException.refused(digest, e.getMessage());
        } catch (MalformedModelException e) {
            // ONNX Runtime's own protobuf parser refuses such bytes too; they are not handed to it to find out
            throw new ModelUnreadableException(digest, e.getMessage(), e);
        }
        OrtSession session = opened.session();
        long openNanos = System.nanoTime() - openStart;
        long rssAfter = ResidentMemory.bytes();
        long delta = rssBefore < 0 || rssAfter < 0 ? -1 : rssAfter - rssBefore;
        long footprint = Math.max(bytes.length, delta);

        ModelSignature signature;
        try {
            signature = ModelSignature.of(session);
        } catch (OrtException e) {
            opened.close();
            throw new ModelUnreadableException(digest, e.getMessage(), e);
        }
        if (footprint > budgetBytes) {
            opened.close();
            throw new ModelTooLargeException(digest, footprint, budgetBytes);
        }
        meters.timer("baton.worker.model.load", "variant", digest).record(openNanos, TimeUnit.NANOSECONDS);
        LoadedModel model = new LoadedModel(digest, opened, signature, bytes.length, footprint, delta,
                fetchNanos / 1e6, openNanos / 1e6, clock.instant());
        synchronized (this) {
            resident.put(digest, model);
            residentBytes += footprint;
            if (retain) {
                model.leases++;
            }
        }
        evicted.addAll(closeEvicted(makeRoom(0, digest)));
        ModelView view;
        synchronized (this) {
            view = model.view();
        }
        return new LoadOutcome(model, new LoadReport(view, false, List.copyOf(evicted)));
    }

    /** Retires least-recently-used models (other than {@code keep}) until {@code incoming} more bytes fit. */
    private synchronized List<LoadedModel> makeRoom(long incoming, String keep) {
        List<LoadedModel> victims = new ArrayList<>();
        Iterator<LoadedModel> lruFirst = resident.values().iterator();
        while (residentBytes + incoming > budgetBytes && lruFirst.hasNext()) {
            LoadedModel model = lruFirst.next();
            if (model.digest().equals(keep)) {
                continue;
            }
            lruFirst.remove();
            retire(model, UnloadRecord.EVICTED);
            evictions.increment();
            victims.add(model);
        }
        return victims;
    }

    /** Closes the victims nobody holds; the others are reported as deferred and closed by their last lease. */
    private List<UnloadRecord> closeEvicted(List<LoadedModel> victims) {
        List<UnloadRecord> records = new ArrayList<>();
        for (LoadedModel victim : victims) {
            boolean held;
            synchronized (this) {
                held = victim.leases > 0;
            }
            records.add(held
                    ? new UnloadRecord(victim.digest(), UnloadRecord.EVICTED, victim.footprintBytes(), null, clock.instant())
                    : closeTimed(victim, UnloadRecord.EVICTED));
        }
        return records;
    }

    // caller holds this
    private void retire(LoadedModel model, String reason) {
        model.retired = reason;
        residentBytes -= model.footprintBytes();
    }

    private void release(LoadedModel model) {
        boolean closeNow;
        synchronized (this) {
            model.leases--;
            closeNow = model.retired != null && model.leases == 0;
        }
        if (closeNow) {
            closeTimed(model, model.retired);
        }
    }

    private UnloadRecord closeTimed(LoadedModel model, String reason) {
        long start = System.nanoTime();
        model.close();
        long nanos = System.nanoTime() - start;
        meters.timer("baton.worker.model.unload", "variant", model.digest(), "reason", reason)
                .record(nanos, TimeUnit.NANOSECONDS);
        UnloadRecord record = new UnloadRecord(model.digest(), reason, model.footprintBytes(), nanos / 1e6,
                clock.instant());
        synchronized (this) {
            recentUnloads.addFirst(record);
            while (recentUnloads.size() > RECENT_UNLOADS) {
                recentUnloads.removeLast();
            }
        }
        return record;
    }

    /** Closes every session (at shutdown). */
    @Override
    public void close() {
        List<LoadedModel> all;
        synchronized (this) {
            all = new ArrayList<>(resident.values());
            resident.clear();
            residentBytes = 0;
        }
        all.forEach(LoadedModel::close);
    }
}
