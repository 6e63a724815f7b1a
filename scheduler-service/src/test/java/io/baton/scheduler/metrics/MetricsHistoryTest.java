package io.baton.scheduler.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

class MetricsHistoryTest {

    static HistorySample at(long second) {
        return new HistorySample(Instant.ofEpochSecond(second), 5, List.of(), List.of());
    }

    @Test
    void keepsTheNewestCapacitySamplesOldestFirst() {
        MetricsHistory h = new MetricsHistory(180);
        assertThat(h.all()).isEmpty();
        for (int i = 1; i <= 1000; i++) {
            h.add(at(i * 5L));
            List<HistorySample> all = h.all();
            assertThat(all).hasSize(Math.min(i, 180));
            assertThat(all.get(all.size() - 1).at()).isEqualTo(Instant.ofEpochSecond(i * 5L));
            assertThat(all.get(0).at()).isEqualTo(Instant.ofEpochSecond(Math.max(1, i - 179) * 5L));
        }
    }

    @Test
    void sinceAnswersOnlyTheSamplesThatEndAfterIt() {
        MetricsHistory h = new MetricsHistory(4);
        for (int i = 1; i <= 6; i++) h.add(at(i * 10L)); // holds 30, 40, 50, 60
        assertThat(h.since(Instant.ofEpochSecond(40))).extracting(HistorySample::at)
                .containsExactly(Instant.ofEpochSecond(50), Instant.ofEpochSecond(60));
        assertThat(h.since(Instant.ofEpochSecond(60))).isEmpty();
        assertThat(h.since(Instant.ofEpochSecond(0))).hasSize(4);
    }

    @Test
    void aRingOfNothingIsRefused() {
        assertThatThrownBy(() -> new MetricsHistory(0)).hasMessageContaining("at least 1");
    }
}
