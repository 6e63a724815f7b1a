package io.baton.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The event heap against a sorted map keyed by (time, order scheduled), under random schedules,
 * re-keys and removals, including events that re-arm or cancel themselves while they fire.
 */
class EventHeapTest {

    private record Key(double time, long seq) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = Double.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private static final class Ev extends SimEvent {
        final int id;

        Ev(int id) {
            this.id = id;
        }

        @Override
        void fire() {}
    }

    private final EventHeap heap = new EventHeap();
    private final TreeMap<Key, Ev> ref = new TreeMap<>();
    private final Key[] keyOf = new Key[40];
    private long seq;

    private void schedule(Ev e, double t) {
        if (keyOf[e.id] != null) ref.remove(keyOf[e.id]);
        keyOf[e.id] = new Key(t, seq++);
        ref.put(keyOf[e.id], e);
        heap.schedule(e, t);
    }

    private void remove(Ev e) {
        if (keyOf[e.id] != null) ref.remove(keyOf[e.id]);
        keyOf[e.id] = null;
        heap.remove(e);
    }

    @Test
    void firesInTimeThenSchedulingOrderWhateverHappensWhileFiring() {
        SplittableRandom rng = new SplittableRandom(3);
        List<Ev> evs = new ArrayList<>();
        for (int i = 0; i < keyOf.length; i++) evs.add(new Ev(i));
        double now = 0;
        for (int step = 0; step < 200_000; step++) {
            int op = rng.nextInt(10);
            Ev e = evs.get(rng.nextInt(evs.size()));
            // coarse times, so that ties are common
            double t = now + rng.nextInt(5);
            if (op < 5) {
                schedule(e, t);
            } else if (op < 6) {
                remove(e);
            } else {
                Ev fired = (Ev) heap.pollForFire();
                var first = ref.pollFirstEntry();
                if (first == null) {
                    assertThat(fired).isNull();
                    continue;
                }
                assertThat(fired).isSameAs(first.getValue());
                assertThat(fired.time).isEqualTo(first.getKey().time());
                keyOf[fired.id] = null;
                now = fired.time;
                assertThat(fired.heapIndex).isNegative();
                assertThat(heap.size()).isEqualTo(ref.size());
                // what the event and others do while it fires
                int n = rng.nextInt(4);
                for (int k = 0; k < n; k++) {
                    int what = rng.nextInt(4);
                    Ev other = evs.get(rng.nextInt(evs.size()));
                    // now − 1 too: the heap must stay right even for what the simulator never does
                    double at = now + rng.nextInt(4) - 1;
                    switch (what) {
                        case 0 -> schedule(fired, at);
                        case 1 -> remove(fired);
                        case 2 -> schedule(other, at);
                        default -> remove(other);
                    }
                }
            }
            assertThat(heap.size()).isEqualTo(ref.size());
        }
    }
}
