package io.baton.gateway.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PriorityMappingTest {

    final PriorityMapping mapping = new PriorityMapping(5);

    @Test
    void zeroIsTheDefaultOnBothSides() {
        assertThat(mapping.toBaton(0)).isZero();
        assertThat(mapping.toBaton(5)).isZero();
    }

    @Test
    void tritonsOrderIsReversedAndKept() {
        for (long p = 1; p < 50; p++) {
            assertThat(mapping.toBaton(p)).isGreaterThan(mapping.toBaton(p + 1)); // smaller Triton level: more important
        }
        assertThat(mapping.toBaton(1)).isEqualTo(4);
        assertThat(mapping.toBaton(9)).isEqualTo(-4);
        assertThat(mapping.toBaton(Long.MAX_VALUE)).isEqualTo(Integer.MIN_VALUE);
        assertThatThrownBy(() -> mapping.toBaton(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
