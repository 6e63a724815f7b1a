package io.baton.scheduler.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class MetricsHistoryPropertiesTest {

    @Test
    void theDefaultsKeepFifteenMinutesOfFiveSecondSamples() {
        assertThat(new MetricsHistoryProperties(Duration.ofSeconds(5), Duration.ofMinutes(15)).samples()).isEqualTo(180);
        assertThat(new MetricsHistoryProperties(Duration.ofSeconds(7), Duration.ofMinutes(1)).samples()).isEqualTo(9);
    }

    @Test
    void settingsThatWouldKeepTooManySamplesOrNoneAreRefusedNamingThem() {
        assertThatThrownBy(() -> new MetricsHistoryProperties(Duration.ofMillis(10), Duration.ofHours(1)))
                .hasMessageContaining("360000 samples").hasMessageContaining("10000");
        assertThatThrownBy(() -> new MetricsHistoryProperties(Duration.ZERO, Duration.ofMinutes(15)))
                .hasMessageContaining("sample-interval");
        assertThatThrownBy(() -> new MetricsHistoryProperties(Duration.ofMinutes(1), Duration.ofSeconds(30)))
                .hasMessageContaining("baton.scheduler.metrics.history");
    }
}
