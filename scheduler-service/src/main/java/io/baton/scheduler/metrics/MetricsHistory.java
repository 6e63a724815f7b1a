package io.baton.scheduler.metrics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The last {@code capacity} samples, oldest first: a ring that overwrites its oldest sample, so the history's memory
 * is fixed by its capacity (and the number of applications and workers), never by the traffic. Thread-safe by its
 * lock: one writer every few seconds, readers when the admin page polls.
 */
public final class MetricsHistory {

    private final HistorySample[] ring;
    private int next;
    private int size;

    public MetricsHistory(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        this.ring = new HistorySample[capacity];
    }

    public int capacity() {
        return ring.length;
    }

    public synchronized void add(HistorySample sample) {
        ring[next] = sample;
        next = (next + 1) % ring.length;
        size = Math.min(size + 1, ring.length);
    }

    /** Every sample held, oldest first. */
    public List<HistorySample> all() {
        return since(null);
    }

    /** The samples held whose end is after {@code since} (every one for null), oldest first. */
    public synchronized List<HistorySample> since(Instant since) {
        List<HistorySample> out = new ArrayList<>(size);
        for (int k = 0; k < size; k++) {
            HistorySample s = ring[Math.floorMod(next - size + k, ring.length)];
            if (since == null || s.at().isAfter(since)) out.add(s);
        }
        return out;
    }
}
