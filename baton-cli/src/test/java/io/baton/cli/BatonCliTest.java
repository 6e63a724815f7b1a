package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The {@code baton} entry point: help, unknown commands, bench arguments. */
class BatonCliTest {

    @Test
    void helpPrintsUsageWithExitZero() {
        for (String[] args : new String[][] {{"help"}, {"--help"}, {"-h"}, {}}) {
            CliRun r = CliRun.of("", args);
            assertThat(r.code()).as("exit of %s", String.join(" ", args)).isZero();
            assertThat(r.err()).isEmpty();
            assertThat(r.out()).startsWith("usage: baton").contains("plan", "simulate", "bench", "demo", "symphony-sizing",
                    "scheduler-throughput");
        }
    }

    @Test
    void unknownCommandExitsTwo() {
        CliRun.of("", "frobnicate").badInput("frobnicate");
        CliRun.of("", "--plan").badInput("--plan");
    }

    @Test
    void benchWithoutANameExitsTwo() {
        CliRun.of("", "bench").badInput("bench", "symphony-policies");
    }

    @Test
    void unknownBenchExitsTwo() {
        CliRun.of("", "bench", "no-such-bench").badInput("no-such-bench");
    }

    @Test
    void badBenchOptionsExitTwoBeforeRunning() {
        CliRun.of("", "bench", "scheduler-throughput", "--seconds", "x").badInput("--seconds", "'x'");
        CliRun.of("", "bench", "scheduler-throughput", "--seconds").badInput("--seconds");
        CliRun.of("", "bench", "scheduler-throughput", "--seconds", "0").badInput("--seconds");
        CliRun.of("", "bench", "scheduler-throughput", "--models", "1.5").badInput("--models");
        CliRun.of("", "bench", "symphony-table4", "--seed", "abc").badInput("--seed");
        CliRun.of("", "bench", "simulator-speed", "--policy", "fifo").badInput("--policy", "'fifo'");
        CliRun.of("", "bench", "symphony-policies", "--seeds", "0").badInput("--seeds");
        CliRun.of("", "bench", "symphony-policies", "--setup", "tiny").badInput("--setup");
        CliRun.of("", "bench", "interference", "--load", "-1").badInput("--load");
        CliRun.of("", "bench", "interference", "--load", "x").badInput("--load", "'x'");
        CliRun.of("", "bench", "interference", "--seconds", "0").badInput("--seconds");
        CliRun.of("", "bench", "interference-planner", "--rounds", "0").badInput("--rounds");
    }
}
