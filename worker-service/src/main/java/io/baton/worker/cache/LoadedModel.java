package io.baton.worker.cache;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import ai.onnxruntime.OrtSession;
import io.baton.worker.runtime.OpenedModel;

/**
 * A model variant resident in the cache: its session, its signature and what its load cost.
 *
 * <p>{@code leases}, {@code retired} and {@code lastUsedAt} are guarded by the owning {@link ModelCache}. A retired
 * model (evicted or unloaded) is out of the cache's index and its bytes no longer count against the budget; its
 * session is closed when the last batch using it lets go.
 */
public final class LoadedModel {

    private final String digest;
    private final OpenedModel opened;
    private final ModelSignature signature;
    private final long artifactBytes;
    private final long footprintBytes;
    private final long residentDeltaBytes;
    private final double fetchMs;
    private final double loadMs;
    private final Instant loadedAt;
    private final AtomicLong batches = new AtomicLong();

    int leases;
    String retired; // null while indexed; then why it left (UnloadRecord.EVICTED / UNLOADED)
    Instant lastUsedAt;

    LoadedModel(String digest, OpenedModel opened, ModelSignature signature, long artifactBytes, long footprintBytes,
                long residentDeltaBytes, double fetchMs, double loadMs, Instant loadedAt) {
        this.digest = digest;
        this.opened = opened;
        this.signature = signature;
        this.artifactBytes = artifactBytes;
        this.footprintBytes = footprintBytes;
        this.residentDeltaBytes = residentDeltaBytes;
        this.fetchMs = fetchMs;
        this.loadMs = loadMs;
        this.loadedAt = loadedAt;
        this.lastUsedAt = loadedAt;
    }

    public String digest() {
        return digest;
    }

    public OrtSession session() {
        return opened.session();
    }

    /** Closes the session and removes the model's private directory. */
    void close() {
        opened.close();
    }

    public ModelSignature signature() {
        return signature;
    }

    public long footprintBytes() {
        return footprintBytes;
    }

    /** Counts a batch run on this model. */
    public void countBatch() {
        batches.incrementAndGet();
    }

    /** A snapshot for JSON; call under the cache's lock. */
    ModelView view() {
        return new ModelView(digest, artifactBytes, footprintBytes, residentDeltaBytes, fetchMs, loadMs, loadedAt,
                lastUsedAt, batches.get(), leases, List.copyOf(signature.inputs().values()),
                List.copyOf(signature.outputs().values()));
    }
}
