package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.baton.cli.bench.faults.Fault;
import io.baton.cli.bench.faults.FaultBench;
import io.baton.cli.bench.faults.FaultRow;
import io.baton.cli.bench.faults.FaultSuite;
import io.baton.cli.suite.RegistryDatabase;
import io.baton.cli.suite.ServiceJars;
import io.baton.cli.suite.Suite;
import io.baton.cli.suite.SuiteSpec;
import io.baton.cli.zoo.FashionMnist;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.FreePorts;
import io.baton.e2e.support.Postgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bench faults}' worker, scheduler, registry and gateway faults on real processes, the registry on PostgreSQL, two
 * schedulers and two gateways as {@code up} runs them (the load balanced over both gateways as the bench sends it): the same
 * code the bench runs ({@link FaultSuite}, {@link FaultBench}), on a suite of this test's own (each fault kills one
 * of its processes, which the shared suite's tests must never see), at a light load. What holds whatever the fault:
 * every request sent ends, served or refused with a reason, none unanswered or hanging past its timeout; each killed
 * service comes back on its port and the suite serves again; no registry write acknowledged before the kill is lost.
 * How soon goodput is back is measured and printed (the failsafe report), not asserted. The gateway fault kills the
 * first gateway: the second serves while it restarts, and what the dead one could not answer is re-sent through it.
 */
class FaultsIT {
    static final int WORKERS = 2;
    static final FaultBench.Config CONFIG = new FaultBench.Config(FaultSuite.APP, 20, 3, 4, Duration.ofSeconds(10),
            List.of(Fault.WORKER, Fault.SCHEDULER, Fault.REGISTRY, Fault.GATEWAY), 1, 3);

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void workerSchedulerRegistryAndGatewayFaultsLoseNoRequestsToHangsAndNoCommittedWrites() throws Exception {
        assumeThat(FashionMnist.missingFile(FashionMnist.DEFAULT_DIR)).as("Fashion-MNIST (Debian package dataset-fashion-mnist)").isNull();
        Postgres.requireServer();
        if (!ZooBuilder.isBuilt(E2eSuite.ZOO, E2eSuite.ZOO_OPTIONS)) new ZooBuilder(E2eSuite.ZOO_OPTIONS, System.out).build(E2eSuite.ZOO);
        ValidationSet validation = ValidationSet.read(E2eSuite.ZOO.resolve(ZooBuilder.VALIDATION));

        Path home = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "faults-suite-");
        List<Integer> ports = FreePorts.take(4 + WORKERS);
        String schema = Postgres.freshSchema();
        SuiteSpec spec = new SuiteSpec(ServiceJars.in(Path.of(System.getProperty("baton.root", "..")).toAbsolutePath().normalize()), home,
                new SuiteSpec.Ports(ports.get(0), ports.get(1), ports.get(2), ports.get(3), ports.subList(4, ports.size())),
                new RegistryDatabase.Postgres(Postgres.URL, Postgres.USER, Postgres.PASSWORD, schema), E2eSuite.JVM, E2eSuite.JVM,
                FaultSuite.EXTRA_ARGUMENTS, Duration.ofMinutes(5)).withSchedulers(2).withGateways(2);
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        List<FaultRow> rows;
        try (PrintStream log = new PrintStream(Files.newOutputStream(home.resolve("faults.log")), true, StandardCharsets.UTF_8);
             Suite suite = new Suite(spec, log)) {
            suite.start();
            FaultSuite.prepare(suite, E2eSuite.ZOO, log);
            rows = new FaultBench(suite, CONFIG, validation, new PrintStream(table, true, StandardCharsets.UTF_8)).run();
            log.print(table.toString(StandardCharsets.UTF_8));

            assertThat(suite.processes()).as("every service runs again after its restart").allMatch(p -> p.isAlive());
        } finally {
            Postgres.drop(schema);
        }
        String printed = table.toString(StandardCharsets.UTF_8);
        System.out.println(printed); // the measured figures, in the failsafe report

        assertThat(rows).extracting(FaultRow::fault).containsExactly(Fault.WORKER, Fault.SCHEDULER, Fault.REGISTRY, Fault.GATEWAY);
        for (FaultRow r : rows) {
            assertThat(r.sent()).as("%s: requests sent", r.fault()).isPositive();
            assertThat(r.served() + r.refused() + r.unanswered()).as("%s: every request counted once", r.fault()).isEqualTo(r.sent());
            assertThat(r.topUnanswered()).as("%s: no request still open past its timeout", r.fault()).satisfiesAnyOf(
                    t -> assertThat(t).isNull(), t -> assertThat(t).doesNotContain("no outcome"));
            // with a gateway up, a dead worker, scheduler, registry or gateway costs refusals with a reason, never silence
            assertThat(r.unanswered()).as("%s: unanswered (%s)", r.fault(), r.topUnanswered()).isZero();
            assertThat(r.recovery().beforeShare()).as("%s: the suite served before the kill", r.fault()).isPositive();
            assertThat(r.restartSeconds()).as("%s: restarted", r.fault()).isPositive();
            assertThat(r.writesCommitted()).as("%s: the registry acknowledged the writes before the kill", r.fault()).isEqualTo(CONFIG.writes());
            assertThat(r.writesLost()).as("%s: committed registry writes lost", r.fault()).isEmpty();
        }
        FaultRow gateway = rows.get(3);
        assertThat(gateway.killed()).as("the first gateway is the one killed").startsWith("gateway (");
        int down = (int) Math.floor(gateway.restartSeconds());
        int servedWhileDown = gateway.timeline().stream().filter(t -> t.second() >= 0 && t.second() < down).mapToInt(FaultRow.Second::served).sum();
        if (down >= 1) assertThat(servedWhileDown).as("served through gateway-b while gateway was down (%d s)", down).isPositive();
        assertThat(printed).contains("worker", "scheduler", "registry", "gateway", "re-sent", "back to 95%");
    }
}
