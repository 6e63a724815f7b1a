package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import io.baton.core.domain.LatencyProfile;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class VariantOverheadsTest {

    private static final LiveVariant DIGITS = variant("fmnist", "mlp", 100);
    private static final LiveVariant OCR = variant("ocr", "ocr-direction", 400);
    private static final List<LiveVariant> SERVED = List.of(DIGITS, OCR);

    private static LiveVariant variant(String app, String name, double sloMs) {
        return new LiveVariant(app, name, "sha256:" + name, "cpu/cpu/0", LatencyProfile.linear(0.1, 1), sloMs, 8);
    }

    @Test
    void eachVariantFollowsTheNinetiethPercentileOfItsOwnBatches() {
        VariantOverheads o = new VariantOverheads(2.0, 0);
        // fmnist: overheads 0.01..1.00 ms (p90 0.90); ocr: 1..100 ms once execution and load are taken off (p90 90).
        for (int i = 1; i <= 100; i++) {
            o.record(DIGITS, 0, i / 100.0 + 0.05, 0.05, Double.NaN);
            o.record(OCR, 0, i + 6, 1, 5);
        }
        assertThat(o.update(0, SERVED)).isTrue();
        assertThat(o.estimateMs(DIGITS)).isCloseTo(0.90, Offset.offset(1e-9));
        assertThat(o.estimateMs(OCR)).isEqualTo(90.0);
        assertThat(o.describe(SERVED)).isEqualTo("fmnist/mlp 0.90 ms, ocr/ocr-direction 90.00 ms");
    }

    @Test
    void aVariantWithTooFewBatchesPlansWithTheConfiguredValue() {
        VariantOverheads o = new VariantOverheads(2.0, 0);
        for (int i = 0; i < 50; i++) o.record(DIGITS, 0, 0.5, 0.1, 0);
        for (int i = 0; i < OverheadMeter.MIN_SAMPLES - 1; i++) o.record(OCR, 0, 40, 1, 0);
        assertThat(o.update(0, SERVED)).isTrue();
        assertThat(o.estimateMs(DIGITS)).isCloseTo(0.4, Offset.offset(1e-9));
        assertThat(o.estimateMs(OCR)).as("too few batches: the configured value, never 0").isEqualTo(2.0);
        // A variant no batch of which was seen yet: the configured value too.
        LiveVariant unseen = variant("other", "v", 100);
        assertThat(o.estimateMs(unseen)).isEqualTo(2.0);
        assertThat(o.describe(List.of(OCR, unseen))).isEqualTo("ocr/ocr-direction 2.00 ms (configured), other/v 2.00 ms (configured)");
    }

    @Test
    void timeWaitingForAModelToLoadIsNotOverhead() {
        VariantOverheads o = new VariantOverheads(2.0, 0);
        // Every batch waited 700 ms for its model to load; 3 ms of the round trip is the relay.
        for (int i = 0; i < 20; i++) o.record(OCR, 0, 704, 1, 700);
        assertThat(o.update(0, SERVED)).isTrue();
        assertThat(o.estimateMs(OCR)).isEqualTo(3.0);
    }

    @Test
    void eachVariantIsCappedAtAQuarterOfItsOwnSlo() {
        VariantOverheads o = new VariantOverheads(2.0, 0);
        for (int i = 0; i < 20; i++) {
            o.record(DIGITS, 0, 300, 0, 0);
            o.record(OCR, 0, 300, 0, 0);
        }
        assertThat(o.update(0, SERVED)).isTrue();
        assertThat(o.estimateMs(DIGITS)).isEqualTo(25.0);
        assertThat(o.estimateMs(OCR)).isEqualTo(100.0);
    }

    @Test
    void theCapNeverGoesBelowTheConfiguredValue() {
        VariantOverheads o = new VariantOverheads(2.0, 0);
        LiveVariant tight = variant("tight", "v", 4);
        for (int i = 0; i < 20; i++) o.record(tight, 0, 30, 0, 0);
        assertThat(o.update(0, List.of(tight))).isFalse();
        assertThat(o.estimateMs(tight)).isEqualTo(2.0);
    }

    @Test
    void estimatesAgeOutAndSmallMovesDoNotRestartThePolicy() {
        VariantOverheads o = new VariantOverheads(2.0, 0);
        for (int i = 0; i < 20; i++) o.record(OCR, 0, 10, 0, 0);
        assertThat(o.update(0, SERVED)).isTrue();
        assertThat(o.estimateMs(OCR)).isEqualTo(10.0);
        // 11 ms is a move of less than a quarter: the plan stays, and re-reads come at most once a second.
        for (int i = 0; i < 128; i++) o.record(OCR, 1500, 11, 0, 0);
        assertThat(o.update(500, SERVED)).isFalse();
        assertThat(o.update(1500, SERVED)).isFalse();
        assertThat(o.estimateMs(OCR)).isEqualTo(10.0);
        // No batch for 10 s: back to the configured value.
        assertThat(o.update(1500 + OverheadMeter.MAX_AGE_MS + 1, SERVED)).isTrue();
        assertThat(o.estimateMs(OCR)).isEqualTo(2.0);
    }

    @Test
    void allVariantsAreReadTogetherSoTheirChangesRestartThePolicyOnce() {
        VariantOverheads o = new VariantOverheads(2.0, 0);
        for (int i = 0; i < 20; i++) o.record(DIGITS, 0, 10, 0, 0);
        assertThat(o.update(0, SERVED)).isTrue();
        // ocr's first batches come half a second later: its estimate waits for the next reading of all of them.
        for (int i = 0; i < 20; i++) o.record(OCR, 500, 30, 0, 0);
        assertThat(o.update(500, SERVED)).isFalse();
        assertThat(o.estimateMs(OCR)).isEqualTo(2.0);
        for (int i = 0; i < 20; i++) o.record(DIGITS, 1000, 20, 0, 0);
        assertThat(o.update(1000, SERVED)).isTrue();
        assertThat(o.estimateMs(OCR)).isEqualTo(30.0);
        assertThat(o.estimateMs(DIGITS)).isEqualTo(20.0);
    }

    @Test
    void aVariantKeepsItsEstimateWhenItsProfileChanges() {
        VariantOverheads o = new VariantOverheads(2.0, 0);
        for (int i = 0; i < 20; i++) o.record(OCR, 0, 10, 0, 0);
        o.update(0, SERVED);
        LiveVariant reprofiled = new LiveVariant("ocr", "ocr-direction", "sha256:ocr-direction", "cpu/cpu/1",
                LatencyProfile.linear(0.2, 1), 400, 8);
        assertThat(o.estimateMs(reprofiled)).isEqualTo(10.0);
    }

    @Test
    void aNegativeConfiguredOverheadIsRefused() {
        assertThatThrownBy(() -> new VariantOverheads(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dispatch overhead");
    }
}
