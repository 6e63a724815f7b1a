package io.baton.commons.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The last {@code capacity} timelines, each found by any of its keys (a request id, a trace id): a ring that
 * forgets the oldest when full, so what it holds is bounded whatever arrives. Several timelines may share a key (a
 * trace id a client sends with many requests, an ensemble's calls under one request); {@link #find} answers them
 * all, oldest first. A key longer than {@link #MAX_KEY_LENGTH} is not indexed (nor can it be asked for).
 * Thread-safe; each call holds the ring's lock for a few map operations.
 *
 * @param <T> a timeline
 */
public final class TimelineRing<T> {

    /** The longest key indexed: ids from outside are bounded here, whatever the protocol let through. */
    public static final int MAX_KEY_LENGTH = 256;

    private final Object[] values;
    private final String[][] keys;
    /**
     * Each key's slots, oldest first. Slots are overwritten oldest first, so the slot a new timeline takes is always
     * the first of each of its old keys' slots: forgetting it is O(1) however many timelines share a key (a client
     * that sends one trace id, or one request id, with every request).
     */
    private final Map<String, ArrayDeque<Integer>> index = new HashMap<>();
    private int next;
    private int size;

    public TimelineRing(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        this.values = new Object[capacity];
        this.keys = new String[capacity][];
    }

    /** Holds {@code value} under {@code keys} (null keys are skipped), forgetting the oldest held when full. */
    public synchronized void add(T value, String... keys) {
        int slot = next;
        if (values[slot] != null) {
            for (String k : this.keys[slot]) {
                if (k == null) continue;
                ArrayDeque<Integer> slots = index.get(k);
                if (slots != null) {
                    slots.pollFirst();
                    if (slots.isEmpty()) index.remove(k);
                }
            }
        } else {
            size++;
        }
        values[slot] = value;
        String[] held = new String[keys.length];
        for (int i = 0; i < keys.length; i++) {
            String k = keys[i];
            if (k == null || k.length() > MAX_KEY_LENGTH) continue;
            boolean repeated = false;
            for (int j = 0; j < i; j++) repeated |= k.equals(held[j]);
            if (repeated) continue;
            held[i] = k;
            index.computeIfAbsent(k, x -> new ArrayDeque<>(2)).addLast(slot);
        }
        this.keys[slot] = held;
        next = (slot + 1) % values.length;
    }

    /** Every timeline held under {@code key}, oldest first; empty when none (or the key is too long to be held). */
    @SuppressWarnings("unchecked")
    public synchronized List<T> find(String key) {
        if (key == null || key.length() > MAX_KEY_LENGTH) return List.of();
        ArrayDeque<Integer> slots = index.get(key);
        if (slots == null) return List.of();
        List<T> found = new ArrayList<>(slots.size());
        for (int slot : slots) found.add((T) values[slot]);
        return found;
    }

    /** How many timelines are held now (at most the capacity). */
    public synchronized int size() {
        return size;
    }

    public int capacity() {
        return values.length;
    }
}
