package io.baton.core.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The indexed heap against a sorted set of (key, id) under random inserts, re-keys, removals and polls. */
class IndexedMinHeapTest {

    private record Entry(double key, int id) implements Comparable<Entry> {
        @Override
        public int compareTo(Entry o) {
            int c = Double.compare(key, o.key);
            return c != 0 ? c : Integer.compare(id, o.id);
        }
    }

    @Test
    void agreesWithASortedSetOfKeyThenId() {
        SplittableRandom rng = new SplittableRandom(11);
        int n = 50;
        IndexedMinHeap heap = new IndexedMinHeap(n);
        TreeSet<Entry> ref = new TreeSet<>();
        Entry[] byId = new Entry[n];
        for (int step = 0; step < 300_000; step++) {
            int id = rng.nextInt(n);
            int op = rng.nextInt(8);
            if (op < 4) {
                // few distinct keys (ties broken by id) and infinities
                double k = rng.nextInt(10) == 0 ? Double.POSITIVE_INFINITY : rng.nextInt(20);
                if (byId[id] != null) ref.remove(byId[id]);
                byId[id] = new Entry(k, id);
                ref.add(byId[id]);
                heap.set(id, k);
                assertThat(heap.keyOf(id)).isEqualTo(k);
            } else if (op < 6) {
                if (byId[id] != null) ref.remove(byId[id]);
                byId[id] = null;
                heap.remove(id);
            } else {
                Entry first = ref.pollFirst();
                int polled = heap.poll();
                if (first == null) {
                    assertThat(polled).isEqualTo(-1);
                } else {
                    assertThat(polled).isEqualTo(first.id());
                    byId[first.id()] = null;
                }
            }
            assertThat(heap.size()).isEqualTo(ref.size());
            assertThat(heap.contains(id)).isEqualTo(byId[id] != null);
            if (!ref.isEmpty()) {
                assertThat(heap.peek()).isEqualTo(ref.first().id());
                assertThat(heap.peekKey()).isEqualTo(ref.first().key());
            } else {
                assertThat(heap.peekKey()).isEqualTo(Double.POSITIVE_INFINITY);
            }
        }
    }
}
