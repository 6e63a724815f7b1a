package io.baton.core.sim;

import java.util.Arrays;

/** Indexed binary min-heap of events ordered by (time, seq); supports moving an event in place. */
final class EventHeap {
    private SimEvent[] heap = new SimEvent[64];
    private int size;
    private long nextSeq;

    int size() {
        return size;
    }

    SimEvent peek() {
        return size == 0 ? null : heap[0];
    }

    /** Schedules e at time t, or moves it there if it is already scheduled. */
    void schedule(SimEvent e, double t) {
        e.time = t;
        e.seq = nextSeq++;
        if (e.heapIndex < 0) {
            if (size == heap.length) heap = Arrays.copyOf(heap, size * 2);
            heap[size] = e;
            e.heapIndex = size++;
            siftUp(e.heapIndex);
        } else {
            int i = e.heapIndex;
            siftUp(i);
            siftDown(e.heapIndex);
        }
    }

    void remove(SimEvent e) {
        int i = e.heapIndex;
        if (i < 0) return;
        e.heapIndex = -1;
        e.time = Double.POSITIVE_INFINITY;
        size--;
        if (i == size) {
            heap[size] = null;
            return;
        }
        SimEvent last = heap[size];
        heap[size] = null;
        heap[i] = last;
        last.heapIndex = i;
        siftUp(i);
        siftDown(last.heapIndex);
    }

    SimEvent poll() {
        if (size == 0) return null;
        SimEvent top = heap[0];
        double t = top.time;
        remove(top);
        top.time = t; // the caller reads when it fires
        return top;
    }

    private static boolean less(SimEvent a, SimEvent b) {
        return a.time < b.time || (a.time == b.time && a.seq < b.seq);
    }

    private void siftUp(int i) {
        SimEvent e = heap[i];
        while (i > 0) {
            int p = (i - 1) >>> 1;
            SimEvent pe = heap[p];
            if (!less(e, pe)) break;
            heap[i] = pe;
            pe.heapIndex = i;
            i = p;
        }
        heap[i] = e;
        e.heapIndex = i;
    }

    private void siftDown(int i) {
        SimEvent e = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            SimEvent ce = heap[c];
            int r = c + 1;
            if (r < size && less(heap[r], ce)) {
                c = r;
                ce = heap[r];
            }
            if (!less(ce, e)) break;
            heap[i] = ce;
            ce.heapIndex = i;
            i = c;
        }
        heap[i] = e;
        e.heapIndex = i;
    }
}
