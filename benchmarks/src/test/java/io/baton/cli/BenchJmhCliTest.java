package io.baton.cli;

import org.junit.jupiter.api.Test;

/**
 * {@code baton bench jmh} with bad JMH options exits 2 before running anything. Here rather than in baton-cli's
 * {@code BatonCliTest}: JMH and the benchmarks are on this module's class path only.
 */
class BenchJmhCliTest {

    @Test
    void badJmhOptionsExitTwoBeforeRunning() {
        CliRun.of("", "bench", "jmh", "-zz").badInput("bench jmh", "not a recognized option");
        CliRun.of("", "bench", "jmh", "-f", "many").badInput("bench jmh");
        CliRun.of("", "bench", "jmh", "NoSuchBenchmark").badInput("no benchmark matches NoSuchBenchmark", "bench jmh -l");
    }
}
