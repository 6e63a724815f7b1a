package io.baton.core.util;

import java.util.Arrays;

/**
 * Min-heap over the integers 0..n-1 keyed by a double, ties broken by the smaller integer (so the
 * order never depends on insertion history). Supports O(log n) insert, re-key and removal of any
 * element, and allocates nothing after construction.
 *
 * <p>The keys are kept twice: by id (for {@link #keyOf}) and by heap slot, so that sifting compares
 * neighbouring entries of one array instead of looking each key up through its id.
 */
public final class IndexedMinHeap {
    private final int[] heap;
    private final int[] pos;
    private final double[] key;      // by id
    private final double[] slotKey;  // by heap slot: slotKey[i] == key[heap[i]]
    private int size;

    public IndexedMinHeap(int capacity) {
        heap = new int[capacity];
        pos = new int[capacity];
        key = new double[capacity];
        slotKey = new double[capacity];
        Arrays.fill(pos, -1);
    }

    public int size() { return size; }

    public boolean isEmpty() { return size == 0; }

    public boolean contains(int id) { return pos[id] >= 0; }

    /** The smallest element, or -1 when empty. */
    public int peek() { return size == 0 ? -1 : heap[0]; }

    /** The smallest key, or +∞ when empty. */
    public double peekKey() { return size == 0 ? Double.POSITIVE_INFINITY : slotKey[0]; }

    public double keyOf(int id) { return key[id]; }

    /** Inserts id with key k, or re-keys it if present. */
    public void set(int id, double k) {
        key[id] = k;
        int i = pos[id];
        if (i < 0) {
            place(size, id, k);
            siftUp(size++);
        } else {
            slotKey[i] = k;
            siftUp(i);
            siftDown(pos[id]);
        }
    }

    public void remove(int id) {
        int i = pos[id];
        if (i < 0) return;
        pos[id] = -1;
        size--;
        if (i == size) return;
        int last = heap[size];
        place(i, last, slotKey[size]);
        siftUp(i);
        siftDown(pos[last]);
    }

    /** Removes and returns the smallest element, or -1 when empty. */
    public int poll() {
        if (size == 0) return -1;
        int top = heap[0];
        remove(top);
        return top;
    }

    private void siftUp(int i) {
        int x = heap[i];
        double kx = slotKey[i];
        while (i > 0) {
            int p = (i - 1) >>> 1;
            int y = heap[p];
            double ky = slotKey[p];
            if (!(kx < ky || (kx == ky && x < y))) break;  // not less than its parent
            place(i, y, ky);
            i = p;
        }
        place(i, x, kx);
    }

    private void siftDown(int i) {
        int x = heap[i];
        double kx = slotKey[i];
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            int y = heap[c];
            double ky = slotKey[c];
            int r = c + 1;
            if (r < size) {
                int z = heap[r];
                double kz = slotKey[r];
                if (kz < ky || (kz == ky && z < y)) {
                    c = r;
                    y = z;
                    ky = kz;
                }
            }
            if (!(ky < kx || (ky == kx && y < x))) break;  // its smaller child is not less than it
            place(i, y, ky);
            i = c;
        }
        place(i, x, kx);
    }

    /** Puts {@code id} with {@code key} in slot {@code i} and records where it is. */
    private void place(int i, int id, double key) {
        heap[i] = id;
        slotKey[i] = key;
        pos[id] = i;
    }
}
