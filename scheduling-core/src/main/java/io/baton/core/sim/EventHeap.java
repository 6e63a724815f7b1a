package io.baton.core.sim;

import java.util.Arrays;

/**
 * Indexed binary min-heap of events ordered by (time, seq); supports moving an event in place.
 * (time, seq) is a strict total order (seq is unique), so the order in which events fire does not
 * depend on the heap's shape, only on the times and on the order in which events were scheduled.
 *
 * <p>Speed (the simulator spends much of its time here):
 * <ul>
 *   <li>Keys live in primitive arrays parallel to the slots, so a comparison reads two contiguous
 *       arrays instead of following two references.</li>
 *   <li>{@link #pollForFire} leaves the earliest event in its slot, logically removed, while it fires.
 *       Most events re-arm themselves while firing (an arrival stream's next arrival, a re-armed
 *       timer); that is then one sift from the top instead of a removal plus an insertion. An event
 *       that does not re-arm is removed when the next event is asked for.</li>
 * </ul>
 */
final class EventHeap {
    private SimEvent[] events = new SimEvent[64];
    private double[] times = new double[64];
    private long[] seqs = new long[64];
    private int size;          // slots in use, the vacant top included
    private long nextSeq;
    /** Slot 0 holds the event being fired: logically removed (its heapIndex is −1), physically not yet. */
    private boolean topVacant;

    int size() {
        return topVacant ? size - 1 : size;
    }

    /** The earliest event, or null; it stays scheduled. */
    SimEvent peek() {
        if (topVacant) fillVacancy();
        return size == 0 ? null : events[0];
    }

    /** Schedules e at time t, or moves it there if it is already scheduled. */
    void schedule(SimEvent e, double t) {
        long seq = nextSeq++;
        e.time = t;
        if (topVacant) {
            if (events[0] == e) {
                // the event being fired re-arms itself: take back its slot
                topVacant = false;
                place(0, e, t, seq);
                siftDown(0);
                return;
            }
            // Everything the simulator schedules is at or after the fired event's time (with a later
            // seq), so the vacant top stays the minimum; anything earlier must not sift past a stale key.
            if (t < times[0]) fillVacancy();
        }
        int i = e.heapIndex;
        if (i < 0) {
            if (size == events.length) grow();
            i = size++;
            place(i, e, t, seq);
            siftUp(i);
        } else {
            times[i] = t;
            seqs[i] = seq;
            siftUp(i);
            siftDown(e.heapIndex);
        }
    }

    void remove(SimEvent e) {
        int i = e.heapIndex;
        if (i < 0) return;
        e.heapIndex = -1;
        e.time = Double.POSITIVE_INFINITY;
        removeSlot(i);
    }

    /** Removes and returns the earliest event (its time still set), or null. */
    SimEvent poll() {
        if (topVacant) fillVacancy();
        if (size == 0) return null;
        SimEvent top = events[0];
        top.heapIndex = -1;
        removeSlot(0);
        return top;
    }

    /**
     * The earliest event, removed as far as every other method can tell (its time still set), to be
     * fired now; or null. It keeps its slot until it re-arms (then it sifts from there) or until the
     * heap is next asked for its earliest event.
     */
    SimEvent pollForFire() {
        if (topVacant) fillVacancy();
        if (size == 0) return null;
        SimEvent top = events[0];
        top.heapIndex = -1;
        topVacant = true;
        return top;
    }

    private void fillVacancy() {
        topVacant = false;
        removeSlot(0);
    }

    private void removeSlot(int i) {
        int last = --size;
        if (i == last) {
            events[last] = null;
            return;
        }
        SimEvent moved = events[last];
        events[last] = null;
        place(i, moved, times[last], seqs[last]);
        siftUp(i);
        siftDown(moved.heapIndex);
    }

    private void grow() {
        int n = events.length * 2;
        events = Arrays.copyOf(events, n);
        times = Arrays.copyOf(times, n);
        seqs = Arrays.copyOf(seqs, n);
    }

    private void siftUp(int i) {
        SimEvent e = events[i];
        double t = times[i];
        long s = seqs[i];
        while (i > 0) {
            int p = (i - 1) >>> 1;
            double pt = times[p];
            if (!(t < pt || (t == pt && s < seqs[p]))) break;   // not earlier than its parent
            place(i, events[p], pt, seqs[p]);
            i = p;
        }
        place(i, e, t, s);
    }

    private void siftDown(int i) {
        SimEvent e = events[i];
        double t = times[i];
        long s = seqs[i];
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            double ct = times[c];
            long cs = seqs[c];
            int r = c + 1;
            if (r < size) {
                double rt = times[r];
                if (rt < ct || (rt == ct && seqs[r] < cs)) {
                    c = r;
                    ct = rt;
                    cs = seqs[r];
                }
            }
            if (!(ct < t || (ct == t && cs < s))) break;   // its earlier child is not earlier than it
            place(i, events[c], ct, cs);
            i = c;
        }
        place(i, e, t, s);
    }

    /** Puts {@code e} (firing at {@code t}, scheduled {@code s}-th) in slot {@code i} and tells it where it is. */
    private void place(int i, SimEvent e, double t, long s) {
        events[i] = e;
        times[i] = t;
        seqs[i] = s;
        e.heapIndex = i;
    }
}
