package io.baton.commons.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** What a service keeps of its request timelines, on and off. */
class KeptTimelinesTest {

    @Test
    void onEachTimelineIsFoundUnderEveryKeyItWasKeptUnderAndTheRingStaysBounded() {
        try (KeptTimelines<String> kept = new KeptTimelines<>(new TracingProperties(new TracingProperties.Timelines(true, 2)), null)) {
            AtomicInteger exported = new AtomicInteger();
            kept.keep("first", "t1", true, t -> { exported.incrementAndGet(); return List.of(); }, "r1", "t1");
            kept.keep("second", "t2", true, t -> List.of(), "r2", "t2");
            assertThat(kept.enabled()).isTrue();
            assertThat(kept.find("r1")).containsExactly("first");
            assertThat(kept.find("t1")).containsExactly("first");
            assertThat(exported).as("no exporter: the spans are never made").hasValue(0);
            kept.keep("third", "t3", true, t -> List.of(), "r3");
            assertThat(kept.find("r1")).as("the oldest went when a third came into a ring of two").isEmpty();
            assertThat(kept.find("r3")).containsExactly("third");
        }
    }

    @Test
    void offNothingIsKeptOrFound() {
        try (KeptTimelines<String> kept = new KeptTimelines<>(KeptTimelines.off(), null)) {
            kept.keep("first", "t1", true, t -> List.of(), "r1");
            assertThat(kept.enabled()).isFalse();
            assertThat(kept.find("r1")).isEmpty();
        }
    }

    @Test
    void aTimelineNotSampledIsKeptButItsSpansAreNeverMade() {
        SpanExportTest.Kept exporter = new SpanExportTest.Kept();
        AtomicInteger made = new AtomicInteger();
        try (KeptTimelines<String> kept = new KeptTimelines<>(new TracingProperties(new TracingProperties.Timelines(true, 4)),
                new SpanExport(exporter, "test"))) {
            kept.keep("quiet", "t1", false, t -> { made.incrementAndGet(); return List.of(); }, "r1");
            kept.keep("traced", "t2", true, t -> { made.incrementAndGet(); return List.of(); }, "r2");
            assertThat(kept.find("r1")).containsExactly("quiet");
            assertThat(made).as("only the sampled timeline's spans were made").hasValue(1);
        }
    }
}
