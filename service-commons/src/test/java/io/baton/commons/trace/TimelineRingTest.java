package io.baton.commons.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimelineRingTest {

    @Test
    void findsATimelineByEachOfItsKeys() {
        TimelineRing<String> ring = new TimelineRing<>(4);
        ring.add("one", "request-1", "trace-a");
        assertThat(ring.find("request-1")).containsExactly("one");
        assertThat(ring.find("trace-a")).containsExactly("one");
        assertThat(ring.find("request-2")).isEmpty();
    }

    @Test
    void answersEveryTimelineUnderASharedKeyOldestFirst() {
        TimelineRing<String> ring = new TimelineRing<>(4);
        ring.add("one", "r1", "trace");
        ring.add("two", "r2", "trace");
        assertThat(ring.find("trace")).containsExactly("one", "two");
    }

    @Test
    void forgetsTheOldestWhenFullAndHoldsNoMoreThanItsCapacity() {
        TimelineRing<String> ring = new TimelineRing<>(3);
        for (int i = 0; i < 10; i++) ring.add("t" + i, "r" + i, "shared");
        assertThat(ring.size()).isEqualTo(3);
        assertThat(ring.find("r6")).isEmpty();
        assertThat(ring.find("r7")).containsExactly("t7");
        assertThat(ring.find("shared")).containsExactly("t7", "t8", "t9");
    }

    @Test
    void forgetsASharedKeysOldestTimelineAsTheRingWrapsPastIt() {
        TimelineRing<String> ring = new TimelineRing<>(3);
        ring.add("a", "r1", "shared");
        ring.add("b", "r2");
        ring.add("c", "r3", "shared");
        ring.add("d", "r4", "shared");
        assertThat(ring.find("shared")).containsExactly("c", "d");
        ring.add("e", "r5");
        ring.add("f", "r6");
        assertThat(ring.find("shared")).containsExactly("d");
        assertThat(ring.find("r3")).isEmpty();
        ring.add("g", "r7");
        assertThat(ring.find("shared")).isEmpty();
        assertThat(ring.find("r5")).containsExactly("e");
    }

    @Test
    void skipsNullRepeatedAndOverLongKeys() {
        TimelineRing<String> ring = new TimelineRing<>(2);
        String huge = "x".repeat(TimelineRing.MAX_KEY_LENGTH + 1);
        ring.add("one", null, "same", "same", huge);
        assertThat(ring.find("same")).containsExactly("one");
        assertThat(ring.find(huge)).isEmpty();
        assertThat(ring.find(null)).isEmpty();
        ring.add("two", "other");
        ring.add("three", "other");
        assertThat(ring.find("same")).isEmpty();
        assertThat(ring.find("other")).containsExactly("two", "three");
    }

    @Test
    void refusesANonPositiveCapacity() {
        assertThatThrownBy(() -> new TimelineRing<>(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
