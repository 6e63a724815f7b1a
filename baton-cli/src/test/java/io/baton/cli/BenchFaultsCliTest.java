package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code baton bench faults}'s flags: every bad one exits 2 with one line naming it, before anything is built or
 * started (the suite it would start, and the faults against it, run in e2e-tests' FaultsIT).
 */
class BenchFaultsCliTest {

    static CliRun run(String... more) {
        String[] args = new String[more.length + 2];
        args[0] = "bench";
        args[1] = "faults";
        System.arraycopy(more, 0, args, 2, more.length);
        return CliRun.of("", args);
    }

    @Test
    void helpDescribesIt() {
        assertThat(CliRun.of("", "help").out()).contains("bench faults", "--seconds-before", "--faults worker,scheduler,registry",
                "--database embedded|postgres", "--json FILE");
    }

    @Test
    void refusesAnUnknownFault() {
        run("--faults", "worker,disk").badInput("--faults", "unknown fault 'disk'", "worker, scheduler, registry");
    }

    @Test
    void refusesTheDatabaseFaultWithoutPostgres() {
        run("--faults", "postgres").badInput("--faults", "postgres needs --database postgres");
    }

    @Test
    void refusesAnUnknownDatabase() {
        run("--database", "mysql").badInput("--database must be embedded or postgres", "mysql");
    }

    @Test
    void refusesRatesAndPhasesOutOfRange() {
        run("--rate", "0").badInput("--rate must be > 0");
        run("--rate", "5000").badInput("--rate must be at most 1000");
        run("--seconds-before", "many").badInput("--seconds-before must be a number");
        run("--seconds-after", "-1").badInput("--seconds-after must be > 0");
        run("--workers", "0").badInput("--workers must be in [1, 16]");
        run("--timeout-ms", "5").badInput("--timeout-ms must be in [100, 600000]");
    }

    @Test
    void runsTwoGatewaysUnlessToldOtherwise() {
        assertThat(FaultsCommand.settings(List.of("bench-faults"), Map.of()).gateways()).isEqualTo(2);
        assertThat(FaultsCommand.settings(List.of("bench-faults", "--gateways", "1"), Map.of()).gateways()).isEqualTo(1);
        run("--gateways", "0").badInput("--gateways must be in [1, 4], got 0");
        run("--gateways", "5").badInput("--gateways must be in [1, 4], got 5");
    }

    @Test
    void refusesAnUnknownFlagAndAJsonFileInNoDirectory() {
        run("--rates", "10").badInput("unknown option '--rates'", "--rate");
        run("--json", "/no/such/dir/rows.json").badInput("--json: no directory /no/such/dir");
    }

    @Test
    void refusesARootWithoutTheServiceJars() {
        run("--root", "/nonexistent-baton-root").badInput("--root");
    }
}
