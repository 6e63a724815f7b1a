package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code baton bench schemble}: the synthetic mode behind its flag prints both tables with every policy; bad
 * options and a missing Fashion-MNIST (the default, real mode) are one clear line and exit 2. The real mode itself
 * builds the zoo and a recording (minutes), so it is run as a benchmark, not here.
 */
class BenchSchembleCliTest {

    @Test
    void theSyntheticEnsemblePrintsExp1AndExp2ForEveryPolicy() {
        CliRun r = CliRun.of("", "bench", "schemble", "--synthetic", "--seconds", "3", "--deadlines", "60,150");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("synthetic 3-model ensemble", "Exp-1 (rejection on)", "Exp-2 (no rejection");
        for (String policy : new String[] {"schemble", "schemble-ea", "original", "static", "gating", "des"}) {
            assertThat(r.out()).contains(policy);
        }
        assertThat(r.out().lines().filter(l -> l.startsWith("poisson") || l.startsWith("bursty") || l.startsWith("day")).count())
                .isEqualTo(6);
        assertThat(r.out()).doesNotContain("predictor on the"); // no predictor in the synthetic mode
    }

    @Test
    void badOptionsAndAMissingDatasetExitTwoNamingTheCause() {
        CliRun.of("", "bench", "schemble", "--synthetic", "--outputs", "x.txt").badInput("--synthetic", "--outputs");
        CliRun.of("", "bench", "schemble", "--data", "/no/such/dir").badInput("--data", "Fashion-MNIST", "--synthetic");
        CliRun.of("", "bench", "schemble", "--synthetic", "--latencies", "10,20").badInput("--latencies", "3");
        CliRun.of("", "bench", "schemble", "--synthetic", "--slowest-ms", "-1").badInput("--slowest-ms");
        CliRun.of("", "bench", "schemble", "--synthetic", "--bins", "0").badInput("--bins");
        CliRun.of("", "bench", "schemble", "--ensemble", "weak").badInput("--ensemble", "default", "heterogeneous", "'weak'");
        CliRun.of("", "bench", "schemble", "--ensemble", "heterogeneous", "--synthetic").badInput("--ensemble", "--synthetic");
        CliRun.of("", "bench", "schemble", "--ensemble", "heterogeneous", "--outputs", "x.txt").badInput("--ensemble", "--outputs");
        CliRun.of("", "bench", "schemble", "--ensemble", "heterogeneous", "--data", "/no/such/dir").badInput("--data", "Fashion-MNIST");
    }
}
