package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JvmOptionsTest {

    @Test
    void earlyC2ComesFirstSoThatAnOptionTheUserGivesWins() {
        assertThat(JvmOptions.withEarlyC2(List.of("-Xmx1g", "-XX:CompileThresholdScaling=1")))
                .containsExactly("-XX:CompileThresholdScaling=0.25", "-Xmx1g", "-XX:CompileThresholdScaling=1");
        assertThat(JvmOptions.withEarlyC2(List.of())).isEqualTo(JvmOptions.EARLY_C2);
    }
}
