package io.baton.cli.bench.live;

import static io.baton.cli.bench.live.ThreadSwitchesTest.thread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.baton.cli.bench.live.CpuPerRequest.Service;
import io.baton.cli.bench.live.ThreadSwitches.Counts;
import io.baton.cli.bench.live.ThreadSwitches.Task;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wake-ups per answered request: the per-TID sums as threads appear and end, and the report's lines, on processes laid
 * out in a temporary {@code /proc}; and this test's own JVM, found by a port it listens on, in the real one.
 */
class WakeupsPerRequestTest {
    private static final String TCP_HEADER =
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode";

    @TempDir
    Path proc;

    @Test
    void eachThreadCountsFromItsFirstReadingOrFromZeroAndAnEndedOneIsLost() {
        Map<Long, Task> before = Map.of(
                1L, task("java", 10, 1),
                2L, task("grpc-oip-1", 100, 5),
                3L, task("pool-1-thread-1", 30, 0),
                4L, task("grpc-oip-2", 900, 90));
        Map<Long, Task> after = Map.of(
                1L, task("java", 12, 1),
                2L, task("grpc-oip-1", 500, 25),
                // 3 ended: its 30 switches before and whatever it did since are lost
                // 4 ended and its TID went to a new thread, whose counters are below the old one's: from 0
                4L, task("grpc-oip-7", 40, 4),
                5L, task("grpc-oip-3", 100, 10));
        WakeupsPerRequest.Grown grown = WakeupsPerRequest.grown(before, after);
        assertThat(grown.groups()).isEqualTo(Map.of("java", new Counts(2, 0), "grpc-oip", new Counts(400 + 40 + 100, 20 + 4 + 10)));
        assertThat(grown.total()).isEqualTo(new Counts(542, 34));
        assertThat(grown.ended()).isEqualTo(1);
    }

    @Test
    void theReportGivesEachServicesWakeUpsItsBusiestThreadGroupsAndWhatWasNotMeasured() throws IOException {
        listening(Map.of(8080, 5150L, 8081, 6160L));
        process(23, "java", "socket:[5150]");
        thread(proc, 23, 23, "java", 10, 1);
        thread(proc, 23, 24, "grpc-oip-1", 100, 5);
        thread(proc, 23, 25, "grpc-oip-2", 50, 5);
        thread(proc, 23, 26, "grpc-default-wo", 200, 10);
        thread(proc, 23, 27, "grpc-deadline-0", 5, 0);
        thread(proc, 23, 28, "pool-1-thread-1", 30, 0);
        process(31, "java", "socket:[6160]");
        thread(proc, 31, 31, "java", 5, 1);
        thread(proc, 31, 32, "sched-dispatch", 0, 0);
        WakeupsPerRequest measured = WakeupsPerRequest.start(new ProcCpu(proc), new ThreadSwitches(proc),
                List.of(service("gateway", 8080), service("scheduler", 8081)), List.of(service("cpu-0", 8082)), null);

        // the run: the gateway's pool-1-thread-1 times out, grpc-oip-3 and a GC thread start
        thread(proc, 23, 23, "java", 12, 1);
        thread(proc, 23, 24, "grpc-oip-1", 500, 25);
        thread(proc, 23, 25, "grpc-oip-2", 350, 15);
        thread(proc, 23, 26, "grpc-default-wo", 600, 40);
        thread(proc, 23, 27, "grpc-deadline-0", 75, 0);
        delete(proc.resolve("23/task/28"));
        thread(proc, 23, 29, "grpc-oip-3", 100, 10);
        thread(proc, 23, 30, "GC Thread#0", 8, 2);
        thread(proc, 31, 31, "java", 25, 3);
        thread(proc, 31, 32, "sched-dispatch", 300, 40);

        List<String> lines = measured.report(100);
        lines.forEach(System.out::println);
        assertThat(lines).containsExactly(
                "wake-ups per answered request: gateway 12.8, scheduler 3.2, cpu-0 n/a; involuntary: gateway 0.72, scheduler 0.42, cpu-0 n/a",
                "  gateway by thread group: grpc-oip 8.0, grpc-default-wo 4.0, grpc-deadline 0.70, 2 other groups 0.10"
                        + " (1 thread ended during the run, uncounted)",
                "  scheduler by thread group: sched-dispatch 3.0, java 0.20",
                "  wake-ups per request were not measured for cpu-0: no process in this network namespace listens on port 8082");
    }

    @Test
    void aProcessGoneByTheEndAndWorkersTheSchedulerDidNotNameAreNotMeasured() throws IOException {
        listening(Map.of(8081, 6160L));
        process(31, "java", "socket:[6160]");
        thread(proc, 31, 31, "java", 5, 1);
        WakeupsPerRequest measured = WakeupsPerRequest.start(new ProcCpu(proc), new ThreadSwitches(proc),
                List.of(service("scheduler", 8081)), List.of(), "the scheduler lists no live worker");
        delete(proc.resolve("31"));
        List<String> lines = measured.report(10);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("wake-ups per answered request: scheduler n/a, workers n/a; involuntary: scheduler n/a, workers n/a");
        assertThat(lines.get(1)).startsWith("  wake-ups per request were not measured for scheduler: its process 31 could not be read after the run (");
        assertThat(lines.get(2)).isEqualTo("  wake-ups per request were not measured for workers: the scheduler lists no live worker");
    }

    @Test
    void withoutProcOrAnswersNothingIsMeasuredAndTheReportSaysWhy() throws IOException {
        Path absent = proc.resolve("absent");
        WakeupsPerRequest none = WakeupsPerRequest.start(new ProcCpu(absent), new ThreadSwitches(absent),
                List.of(service("gateway", 8080)), List.of(), "none");
        assertThat(none.report(10)).containsExactly("wake-ups per answered request: not measured: /proc cannot be read here (not Linux?)");
        listening(Map.of());
        WakeupsPerRequest unanswered = WakeupsPerRequest.start(new ProcCpu(proc), new ThreadSwitches(proc),
                List.of(service("gateway", 8080)), List.of(), "none");
        assertThat(unanswered.report(0)).containsExactly("wake-ups per answered request: not measured: no request was answered");
    }

    @Test
    void thisProcessIsFoundByThePortItListensOnAndItsWakeUpsReported() throws Exception {
        ProcCpu cpu = new ProcCpu(Path.of("/proc"));
        assumeTrue(cpu.readable(), "Linux's /proc");
        try (ServerSocket socket = new ServerSocket(0)) {
            WakeupsPerRequest measured = WakeupsPerRequest.start(cpu, new ThreadSwitches(Path.of("/proc")),
                    List.of(new Service("gateway", URI.create("http://localhost:" + socket.getLocalPort()))), List.of(), "none given");
            Thread.sleep(20);
            List<String> lines = measured.report(1);
            lines.forEach(System.out::println);
            assertThat(lines.get(0)).startsWith("wake-ups per answered request: gateway ").doesNotContain("gateway n/a");
            assertThat(lines.get(1)).startsWith("  gateway by thread group: ");
        }
    }

    private static Task task(String name, long voluntary, long nonvoluntary) {
        return new Task(name, new Counts(voluntary, nonvoluntary));
    }

    private static Service service(String name, int port) {
        return new Service(name, URI.create("http://127.0.0.1:" + port));
    }

    /** {@code net/tcp} with a socket listening on each port, of the given inode, and the {@code self} that marks a /proc. */
    private void listening(Map<Integer, Long> inodes) throws IOException {
        StringBuilder tcp = new StringBuilder(TCP_HEADER).append('\n');
        int sl = 0;
        for (Map.Entry<Integer, Long> e : inodes.entrySet()) {
            tcp.append(String.format(Locale.ROOT, "   %d: 0100007F:%04X 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 %d 1 0000"
                    + " 100 0 0 10 0%n", sl++, e.getKey(), e.getValue()));
        }
        Files.createDirectories(proc.resolve("net"));
        Files.writeString(proc.resolve("net/tcp"), tcp);
        Files.createDirectories(proc.resolve("self"));
    }

    /** A process directory: its stat line and its open files, each a link to {@code targets}. */
    private void process(long pid, String comm, String... targets) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (" + comm + ") S 1 " + pid + " " + pid + " 0 -1 4194560 0 0 0 0 1 1 0 0 20 0 1 0 100 1 1\n");
        Path fd = Files.createDirectories(dir.resolve("fd"));
        for (int i = 0; i < targets.length; i++) Files.createSymbolicLink(fd.resolve(Integer.toString(i)), Path.of(targets[i]));
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
