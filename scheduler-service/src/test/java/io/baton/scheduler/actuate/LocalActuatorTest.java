package io.baton.scheduler.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.baton.commons.membership.DeviceDescription;
import io.baton.commons.membership.WorkerRegistration;
import io.baton.scheduler.actuate.ScalingAction.Outcome;
import io.baton.scheduler.membership.WorkerRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * The local actuator: recording only where a pool has no launch command, and starting and stopping real processes
 * (a small shell script that says who it is and sleeps) where it has one.
 */
class LocalActuatorTest {

    @TempDir
    Path dir;

    final MutableClock clock = new MutableClock();
    final WorkerRegistry registry = new WorkerRegistry(clock, Duration.ofHours(1));
    LocalActuator actuator;

    @AfterEach
    void stopEverything() {
        if (actuator != null) actuator.close();
    }

    @Test
    void withoutACommandItRecordsTheDesiredCountBesideTheLiveWorkers() {
        actuator = new LocalActuator(registry, new WorkerProcesses(Map.of(), dir, Duration.ofSeconds(5)));
        register("cpu-0", "cpu");
        register("gpu-0", "gpu");
        register("gpu-1", "gpu");
        assertThat(actuator.kind()).isEqualTo("local");
        assertThat(actuator.pools()).containsExactly("cpu", "gpu");
        assertThat(actuator.read("cpu")).isEqualTo(new PoolReading(null, 1, "recorded only (no launch command)", true));

        actuator.scale("cpu", 3, "more");

        assertThat(actuator.read("cpu")).isEqualTo(new PoolReading(3, 1, "recorded only (no launch command)", true));
        assertThat(actuator.read("gpu").current()).isEqualTo(2);
        assertThat(actuator.read("gpu").desired()).isNull();
        assertThatThrownBy(() -> actuator.scale("tpu", 1, "x")).isInstanceOf(ActuatorException.class)
                .hasMessageContaining("unknown pool 'tpu'");
    }

    @Test
    void aLaunchedWorkerIsGivenTheSuitesSecret() throws Exception {
        Path script = script("""
                #!/bin/sh
                echo "$BATON_INTERNAL_SECRET" > "%s/secret-seen.tmp" && mv "%s/secret-seen.tmp" "%s/secret-seen"
                exec sleep 300
                """.formatted(dir, dir, dir));
        try (WorkerProcesses processes = new WorkerProcesses(Map.of("cpu", "/bin/sh " + script), dir.resolve("logs"),
                Duration.ofSeconds(5), Map.of("BATON_INTERNAL_SECRET", "launched-worker-secret-0123456789"))) {
            processes.scaleTo("cpu", 1);
            awaitTrue(() -> Files.exists(dir.resolve("secret-seen")), "the worker process started");
            assertThat(Files.readString(dir.resolve("secret-seen")).strip()).isEqualTo("launched-worker-secret-0123456789");
        }
    }

    @Test
    void withACommandItStartsAndStopsWorkerProcesses() throws Exception {
        Path script = script("""
                #!/bin/sh
                # who am I: pool index port, and my pid (exec keeps it)
                echo "$1 $2 $3 $$" > "%s/$1-$2.started"
                exec sleep 300
                """.formatted(dir));
        actuator = new LocalActuator(registry, new WorkerProcesses(
                Map.of("cpu", "/bin/sh " + script + " {pool} {index} {port}"), dir.resolve("logs"), Duration.ofSeconds(5)));
        ScalingService scaling = new ScalingService(actuator, ActuatorProperties.defaults(), registry, clock,
                new SimpleMeterRegistry());

        assertThat(scaling.apply("cpu", 3, "manual", "three").outcome()).isEqualTo(Outcome.APPLIED);

        assertThat(actuator.read("cpu").current()).isEqualTo(3);
        assertThat(actuator.read("cpu").desired()).isEqualTo(3);
        List<String[]> started = List.of(started("cpu-0"), started("cpu-1"), started("cpu-2"));
        Set<String> ports = new HashSet<>();
        for (String[] s : started) {
            assertThat(s[0]).isEqualTo("cpu");
            ports.add(s[2]);
            assertThat(ProcessHandle.of(Long.parseLong(s[3]))).get().matches(ProcessHandle::isAlive);
        }
        assertThat(ports).as("each worker its own port").hasSize(3);
        assertThat(dir.resolve("logs/cpu-0.log")).exists();

        // down to one: the newest two get SIGTERM and end
        clock.advance(Duration.ofMinutes(2));
        assertThat(scaling.apply("cpu", 1, "manual", "one").outcome()).isEqualTo(Outcome.APPLIED);
        assertThat(actuator.read("cpu").current()).isEqualTo(1);
        awaitTrue(() -> !alive(started.get(1)) && !alive(started.get(2)), "workers 1 and 2 stopped");
        assertThat(alive(started.get(0))).isTrue();

        // up to two again: the smallest free index is reused
        Files.delete(dir.resolve("cpu-1.started"));
        clock.advance(Duration.ofMinutes(2));
        scaling.apply("cpu", 2, "manual", "two");
        assertThat(started("cpu-1")[1]).isEqualTo("1");

        // a worker that dies is no longer counted; the next scaling replaces it
        String[] second = started("cpu-1");
        ProcessHandle.of(Long.parseLong(second[3])).orElseThrow().destroyForcibly();
        awaitTrue(() -> actuator.read("cpu").current() == 1, "the dead worker is not counted");
        clock.advance(Duration.ofMinutes(2));
        ScalingAction again = scaling.apply("cpu", 2, "manual", "replace it");
        assertThat(again.outcome()).as("what runs is compared, not what was asked").isEqualTo(Outcome.APPLIED);
        assertThat(again.from()).isEqualTo(1);
        assertThat(actuator.read("cpu").current()).isEqualTo(2);
        clock.advance(Duration.ofMinutes(2));
        assertThat(scaling.apply("cpu", 2, "manual", "same").outcome()).isEqualTo(Outcome.UNCHANGED);

        // closing stops them all
        String[] first = started.get(0);
        actuator.close();
        awaitTrue(() -> !alive(first), "worker 0 stopped on close");
        assertThat(actuator.read("cpu").current()).isZero();
    }

    @Test
    void aCommandThatCannotStartIsAFailedScalingNotAnException() {
        actuator = new LocalActuator(registry, new WorkerProcesses(Map.of("cpu", dir.resolve("no-such-program") + " {port}"),
                dir, Duration.ofSeconds(1)));
        ScalingService scaling = new ScalingService(actuator, ActuatorProperties.defaults(), registry, clock,
                new SimpleMeterRegistry());

        ScalingAction action = scaling.apply("cpu", 2, "manual", "two");

        assertThat(action.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(action.detail()).contains("cannot start worker process cpu-0").contains("no-such-program");
        assertThat(scaling.pools().get(0).lastError()).contains("cannot start");
    }

    @Test
    void anEmptyCommandIsRefusedAtStart() {
        assertThatThrownBy(() -> new WorkerProcesses(Map.of("cpu", " "), dir, Duration.ofSeconds(1)))
                .hasMessageContaining("baton.scheduler.actuator.local.commands.cpu is empty");
    }

    private Path script(String text) throws IOException {
        Path script = dir.resolve("worker.sh");
        Files.writeString(script, text);
        return script;
    }

    private String[] started(String name) throws Exception {
        Path file = dir.resolve(name + ".started");
        awaitTrue(() -> Files.exists(file) && read(file).endsWith("\n"), name + " started");
        return read(file).strip().split(" ");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    private static boolean alive(String[] started) {
        return ProcessHandle.of(Long.parseLong(started[3])).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Polls until true; gives up after a minute (a failure, never a timing assertion). */
    static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("never happened: " + what);
            Thread.sleep(20);
        }
    }

    private void register(String id, String kind) {
        DeviceDescription device = new DeviceDescription(id, kind, kind.equals("gpu") ? "cuda" : "cpu", 2, "Test CPU",
                null, null, 8L << 30, 1L << 30, 0, 1, "1.23.2", List.of("CPUExecutionProvider"));
        registry.register(new WorkerRegistration(id, "http://127.0.0.1:9/" + id, device, List.of()));
    }
}
