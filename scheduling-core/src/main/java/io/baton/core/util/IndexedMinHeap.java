package io.baton.core.util;

import java.util.Arrays;

/**
 * Min-heap over the integers 0..n-1 keyed by a double, ties broken by the smaller integer (so the
 * order never depends on insertion history). Supports O(log n) insert, re-key and removal of any
 * element, and allocates nothing after construction.
 */
public final class IndexedMinHeap {
    private final int[] heap;
    private final int[] pos;
    private final double[] key;
    private int size;

    public IndexedMinHeap(int capacity) {
        heap = new int[capacity];
        pos = new int[capacity];
        key = new double[capacity];
        Arrays.fill(pos, -1);
    }

    public int size() { return size; }

    public boolean isEmpty() { return size == 0; }

    public boolean contains(int id) { return pos[id] >= 0; }

    /** The smallest element, or -1 when empty. */
    public int peek() { return size == 0 ? -1 : heap[0]; }

    /** The smallest key, or +∞ when empty. */
    public double peekKey() { return size == 0 ? Double.POSITIVE_INFINITY : key[heap[0]]; }

    public double keyOf(int id) { return key[id]; }

    /** Inserts id with key k, or re-keys it if present. */
    public void set(int id, double k) {
        key[id] = k;
        int i = pos[id];
        if (i < 0) {
            heap[size] = id;
            pos[id] = size;
            siftUp(size++);
        } else {
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
        heap[i] = last;
        pos[last] = i;
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

    private boolean less(int a, int b) {
        double ka = key[a], kb = key[b];
        return ka < kb || (ka == kb && a < b);
    }

    private void siftUp(int i) {
        int x = heap[i];
        while (i > 0) {
            int p = (i - 1) >>> 1;
            int y = heap[p];
            if (!less(x, y)) break;
            heap[i] = y;
            pos[y] = i;
            i = p;
        }
        heap[i] = x;
        pos[x] = i;
    }

    private void siftDown(int i) {
        int x = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            int r = c + 1;
            if (r < size && less(heap[r], heap[c])) c = r;
            int y = heap[c];
            if (!less(y, x)) break;
            heap[i] = y;
            pos[y] = i;
            i = c;
        }
        heap[i] = x;
        pos[x] = i;
    }
}
