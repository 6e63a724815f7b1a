package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.baton.core.domain.LatencyProfile;

class OverheadMetersTest {

    private static LiveVariant variant(String name, double sloMs) {
        return new LiveVariant("app-" + name, name, "sha256:" + name, "cpu", LatencyProfile.linear(1, 0.5), sloMs, 8);
    }

    @Test
    void eachVariantIsPlannedWithItsOwnOverhead() {
        OverheadMeters meters = new OverheadMeters(2.0);
        meters.add(variant("large-images", 200)); // model 0
        meters.add(variant("small-vectors", 200)); // model 1
        // The large requests' batches spend 30 ms on the wire, the small ones' 1 ms.
        for (int i = 0; i < OverheadMeter.WINDOW; i++) {
            meters.record(0, 0, 35, 5, 0, 0);
            meters.record(1, 0, 2, 1, 0, 0);
        }
        assertThat(meters.update(0, 0)).isTrue();
        assertThat(meters.update(1, 0)).isTrue();
        assertThat(meters.estimateMs(0)).isEqualTo(30.0);
        assertThat(meters.estimateMs(1)).as("not the large variant's 30 ms").isEqualTo(1.0);
        assertThat(meters.describe()).isEqualTo("1.00 to 30.00 (by variant)");
    }

    @Test
    void eachEstimateIsCappedByItsOwnVariantsSlo() {
        OverheadMeters meters = new OverheadMeters(2.0);
        meters.add(variant("tight", 20)); // model 0: capped at 5 ms
        meters.add(variant("loose", 400)); // model 1: capped at 100 ms
        for (int i = 0; i < OverheadMeter.WINDOW; i++) {
            meters.record(0, 0, 154, 0, 0, 0);
            meters.record(1, 0, 154, 0, 0, 0);
        }
        meters.update(0, 0);
        meters.update(1, 0);
        assertThat(meters.estimateMs(0)).isEqualTo(20 * OverheadMeters.CAP_SHARE_OF_SLO);
        assertThat(meters.estimateMs(1)).as("not the tightest SLO's cap").isEqualTo(400 * OverheadMeters.CAP_SHARE_OF_SLO);
    }

    @Test
    void aVariantWithoutBatchesYetStartsFromTheConfiguredValue() {
        OverheadMeters meters = new OverheadMeters(2.0);
        assertThat(meters.describe()).isEqualTo("2.00");
        meters.add(variant("busy", 100));
        for (int i = 0; i < OverheadMeter.WINDOW; i++) meters.record(0, 0, 12, 2, 0, 0);
        meters.update(0, 0);
        meters.add(variant("new", 100));
        assertThat(meters.estimateMs(0)).isEqualTo(10.0);
        assertThat(meters.estimateMs(1)).isEqualTo(2.0);
    }
}
