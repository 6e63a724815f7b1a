package io.baton.core.workload;

import java.util.List;

/**
 * A k-way merge of several arrival sources by time: arrivals come out in non-decreasing time, ties
 * broken by source index (lower first), so the result is deterministic. A binary heap of source indices
 * keyed by (time, index); no allocation per arrival. Meant for tests and tools: the simulator keeps one
 * source per model in its own event heap.
 */
public final class MergedArrivals implements ArrivalSource {

    private final ArrivalSource[] sources;
    /** Heap of source indices; heapTime[k] is the time of heap[k]'s current arrival. */
    private final int[] heap;
    private final double[] heapTime;
    private int size;
    private boolean primed;
    /** The source whose arrival is current (it holds that arrival until it is moved on), or −1. */
    private int current = -1;

    public MergedArrivals(ArrivalSource... sources) {
        if (sources == null) throw new IllegalArgumentException("sources must not be null");
        for (int i = 0; i < sources.length; i++) {
            if (sources[i] == null) throw new IllegalArgumentException("sources[" + i + "] must not be null");
        }
        this.sources = sources.clone();
        this.heap = new int[sources.length];
        this.heapTime = new double[sources.length];
    }

    public MergedArrivals(List<? extends ArrivalSource> sources) {
        this(sources.toArray(new ArrivalSource[0]));
    }

    @Override
    public boolean advance() {
        if (!primed) {
            primed = true;
            for (int i = 0; i < sources.length; i++) {
                if (sources[i].advance()) {
                    heap[size] = i;
                    heapTime[size] = sources[i].timeMs();
                    siftUp(size++);
                }
            }
        } else if (current >= 0) {
            // the previous arrival's source sits at the top; move it on
            ArrivalSource s = sources[current];
            if (s.advance()) {
                heapTime[0] = s.timeMs();
            } else {
                size--;
                heap[0] = heap[size];
                heapTime[0] = heapTime[size];
            }
            if (size > 0) siftDown(0);
        }
        if (size == 0) {
            current = -1;
            return false;
        }
        current = heap[0];
        return true;
    }

    /** Index (in constructor order) of the source the current arrival came from. */
    public int source() {
        return current;
    }

    @Override
    public double timeMs() {
        return sources[current].timeMs();
    }

    @Override
    public int model() {
        return sources[current].model();
    }

    @Override
    public double deadlineMs() {
        return sources[current].deadlineMs();
    }

    private boolean less(int a, int b) {
        double ta = heapTime[a], tb = heapTime[b];
        return ta < tb || (ta == tb && heap[a] < heap[b]);
    }

    private void swap(int a, int b) {
        int h = heap[a];
        heap[a] = heap[b];
        heap[b] = h;
        double t = heapTime[a];
        heapTime[a] = heapTime[b];
        heapTime[b] = t;
    }

    private void siftUp(int k) {
        while (k > 0) {
            int p = (k - 1) >>> 1;
            if (!less(k, p)) break;
            swap(k, p);
            k = p;
        }
    }

    private void siftDown(int k) {
        while (true) {
            int l = 2 * k + 1;
            if (l >= size) break;
            int c = l + 1 < size && less(l + 1, l) ? l + 1 : l;
            if (!less(c, k)) break;
            swap(k, c);
            k = c;
        }
    }
}
