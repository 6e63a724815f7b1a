package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading {@code /proc}: stat lines, the listening sockets of {@code net/tcp} and {@code net/tcp6}, the process that
 * holds a socket, on a layout written to a temporary directory; and this test's own process found by a port it listens
 * on, in the real {@code /proc}.
 */
class ProcCpuTest {
    private static final String TCP_HEADER =
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode";
    private static final String TCP6_HEADER = "  sl  local_address                         remote_address                        st tx_queue"
            + " rx_queue tr tm->when retrnsmt   uid  timeout inode";

    @TempDir
    Path proc;

    @Test
    void aStatLineWhoseNameHoldsSpacesAndParenthesesGivesUtimeAndStime() {
        String line = "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 1234 0 5 0 731 289 0 0 20 0 37 0 1000 1 2 3";
        ProcCpu.Stat stat = ProcCpu.parseStat(line);
        assertThat(stat.pid()).isEqualTo(4242);
        assertThat(stat.comm()).isEqualTo("my (odd) name");
        assertThat(stat.utime()).isEqualTo(731);
        assertThat(stat.stime()).isEqualTo(289);
        assertThat(stat.ticks()).isEqualTo(1020);
    }

    @Test
    void theResidentMemoryIsTheVmRssLineInKib() throws IOException {
        List<String> status = List.of("Name:\tjava", "VmPeak:\t 9000000 kB", "VmRSS:\t  524288 kB", "Threads:\t42");
        assertThat(ProcCpu.parseVmRssKb(status)).isEqualTo(524288);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ProcCpu.parseVmRssKb(List.of("Name:\tkthreadd")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("VmRSS");
        Files.createDirectories(proc.resolve("77"));
        Files.write(proc.resolve("77/status"), status);
        assertThat(new ProcCpu(proc).rssKb(77)).isEqualTo(524288);
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "a Linux /proc");
        assertThat(new ProcCpu(Path.of("/proc")).rssKb(ProcessHandle.current().pid())).as("this JVM's own").isPositive();
    }

    @Test
    void onlySocketsInTheListenStateOnThePortAreFoundInIpv4AndIpv6Tables() {
        // 0x1F90 = 8080, 0x1F91 = 8081; 0A is LISTEN, 01 ESTABLISHED
        List<String> tcp = List.of(TCP_HEADER,
                "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 111 1 0000 100 0 0 10 0",
                "   1: 0100007F:1F90 0100007F:D431 01 00000000:00000000 00:00000000 00000000  1000        0 112 1 0000 20 4 30 10 -1",
                "   2: 00000000:1F91 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 113 1 0000 100 0 0 10 0");
        List<String> tcp6 = List.of(TCP6_HEADER,
                "   0: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000"
                        + " 00:00000000 00000000  1000        0 211 1 0000 100 0 0 10 0",
                "   1: 0000000000000000FFFF00000100007F:1F90 0000000000000000FFFF00000100007F:D432 01 00000000:00000000"
                        + " 00:00000000 00000000  1000        0 212 1 0000 20 4 30 10 -1");
        assertThat(ProcCpu.listeningInodes(tcp, 8080)).containsExactly(111L);
        assertThat(ProcCpu.listeningInodes(tcp, 8081)).containsExactly(113L);
        assertThat(ProcCpu.listeningInodes(tcp6, 8080)).containsExactly(211L);
        assertThat(ProcCpu.listeningInodes(tcp6, 9000)).isEmpty();
    }

    @Test
    void theProcessHoldingTheListeningSocketIsFoundAndItsCpuTimeRead() throws IOException {
        Files.createDirectories(proc.resolve("net"));
        Files.write(proc.resolve("net/tcp"), List.of(TCP_HEADER));
        Files.write(proc.resolve("net/tcp6"), List.of(TCP6_HEADER,
                "   0: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000"
                        + " 00:00000000 00000000  1000        0 5150 1 0000 100 0 0 10 0"));
        process(17, "java", 5, 3, "socket:[999]", "/dev/null");
        process(23, "java (gateway)", 120, 80, "pipe:[5]", "socket:[5150]");
        Files.createDirectories(proc.resolve("self"));
        ByteBuffer auxv = ByteBuffer.allocate(48).order(ByteOrder.nativeOrder());
        auxv.putLong(6).putLong(4096).putLong(17).putLong(250).putLong(0).putLong(0);
        Files.write(proc.resolve("self/auxv"), auxv.array());

        ProcCpu cpu = new ProcCpu(proc);
        assertThat(cpu.readable()).isTrue();
        assertThat(cpu.ticksPerSecond()).isEqualTo(250);
        Set<Long> inodes = cpu.listeningInodes(8080);
        assertThat(inodes).containsExactly(5150L);
        assertThat(cpu.socketOwners(inodes)).isEqualTo(Map.of(5150L, 23L));
        assertThat(cpu.stat(23).ticks()).isEqualTo(200);

        CpuPerRequest measured = CpuPerRequest.start(cpu, List.of(new CpuPerRequest.Service("gateway", URI.create("http://127.0.0.1:8080")),
                new CpuPerRequest.Service("scheduler", URI.create("http://127.0.0.1:8081"))), List.of(), "the scheduler lists no live worker");
        process(23, "java (gateway)", 170, 130, "pipe:[5]", "socket:[5150]");
        // 100 ticks at 250/s over 200 answers: 2 ms per answer
        assertThat(measured.report(200)).containsExactly(
                "CPU per answered request: gateway 2.00 ms, scheduler n/a, workers n/a, sum n/a (target ≤ 0.6 ms)",
                "  CPU per request was not measured for scheduler: no process in this network namespace listens on port 8081",
                "  CPU per request was not measured for workers: the scheduler lists no live worker");
    }

    @Test
    void theMachinesBusyTimeIsSplitIntoTheServicesThisLoadGeneratorAndEverythingElse() throws IOException {
        Files.createDirectories(proc.resolve("net"));
        Files.writeString(proc.resolve("net/tcp"), String.join("\n", TCP_HEADER,
                "   0: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 501 1 0 100 0 0 10 0",
                "   1: 00000000:1F91 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 502 1 0 100 0 0 10 0",
                "   2: 00000000:1FAA 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 503 1 0 100 0 0 10 0"));
        process(31, "java", 100, 0, "socket:[501]");
        process(32, "java", 100, 0, "socket:[502]");
        process(33, "java", 100, 0, "socket:[503]");
        Path self = Files.createDirectories(proc.resolve("self"));
        ByteBuffer auxv = ByteBuffer.allocate(32).order(ByteOrder.nativeOrder());
        auxv.putLong(17).putLong(100).putLong(0).putLong(0);
        Files.write(self.resolve("auxv"), auxv.array());
        Files.writeString(self.resolve("stat"), "40 (java) S 1 40 40 0 -1 0 0 0 0 0 500 0 0 0 20 0 1 0 100 1 1\n");
        // user nice system idle iowait irq softirq steal: busy is all but idle and iowait
        Files.writeString(proc.resolve("stat"), "cpu  1000 0 500 9000 50 10 20 0 0 0\ncpu0 500 0 250 4500 25 5 10 0 0 0\n"
                + "cpu1 500 0 250 4500 25 5 10 0 0 0\nintr 0\n");
        ProcCpu cpu = new ProcCpu(proc);
        assertThat(cpu.machine()).isEqualTo(new ProcCpu.Machine(1530, 2));

        CpuPerRequest measured = CpuPerRequest.start(cpu, List.of(
                new CpuPerRequest.Service("gateway", URI.create("http://127.0.0.1:8080")),
                new CpuPerRequest.Service("scheduler", URI.create("http://127.0.0.1:8081"))),
                List.of(new CpuPerRequest.Service("worker", URI.create("http://127.0.0.1:8106"))), "none");
        process(31, "java", 120, 0, "socket:[501]");
        process(32, "java", 110, 0, "socket:[502]");
        process(33, "java", 110, 0, "socket:[503]");
        Files.writeString(self.resolve("stat"), "40 (java) S 1 40 40 0 -1 0 0 0 0 0 520 10 0 0 20 0 1 0 100 1 1\n");
        Files.writeString(proc.resolve("stat"), "cpu  1060 0 520 9100 60 10 20 0 0 0\ncpu0 530 0 260 4550 30 5 10 0 0 0\n"
                + "cpu1 530 0 260 4550 30 5 10 0 0 0\n");
        // 100 answers: services 40 ticks (4 ms), this process 30 ticks (3 ms), the machine 80 ticks (8 ms)
        List<String> report = measured.report(100);
        assertThat(report).hasSize(2);
        assertThat(report.get(0)).isEqualTo("CPU per answered request: gateway 2.00 ms, scheduler 1.00 ms, workers 1.00 ms (1), "
                + "sum 4.00 ms (target ≤ 0.6 ms) NOT met");
        assertThat(report.get(1)).startsWith("the whole machine per answered request: 8.00 ms, of which these services 4.00 ms, "
                + "this load generator 3.00 ms, everything else 1.00 ms (").contains(" of 2 cores busy");
        assertThatThrownBy(() -> ProcCpu.parseMachine(List.of("intr 0"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("/proc/stat");
    }

    @Test
    void withoutProcNothingIsMeasuredAndTheReportSaysWhy() {
        CpuPerRequest measured = CpuPerRequest.start(new ProcCpu(proc.resolve("absent")),
                List.of(new CpuPerRequest.Service("gateway", URI.create("http://127.0.0.1:8080"))), List.of(), "none");
        assertThat(measured.report(10)).containsExactly("CPU per answered request: not measured: /proc cannot be read here (not Linux?)");
    }

    @Test
    void thisProcessIsFoundByThePortItListensOnAndItsCpuTimeGrowsWithWork() throws Exception {
        ProcCpu cpu = new ProcCpu(Path.of("/proc"));
        assumeTrue(cpu.readable(), "Linux's /proc");
        assertThat(cpu.ticksPerSecond()).isPositive();
        try (ServerSocket socket = new ServerSocket(0)) {
            Set<Long> inodes = cpu.listeningInodes(socket.getLocalPort());
            assertThat(inodes).isNotEmpty();
            Map<Long, Long> owners = cpu.socketOwners(inodes);
            assertThat(owners.values()).containsOnly(ProcessHandle.current().pid());

            long pid = ProcessHandle.current().pid(), before = cpu.stat(pid).ticks();
            long end = System.nanoTime() + 400_000_000L, x = 1;
            while (System.nanoTime() < end) x = x * 6364136223846793005L + 1442695040888963407L;
            assertThat(x).isNotZero();
            assertThat(cpu.stat(pid).ticks()).isGreaterThan(before);

            CpuPerRequest measured = CpuPerRequest.start(cpu, List.of(new CpuPerRequest.Service("gateway",
                    URI.create("http://localhost:" + socket.getLocalPort()))), List.of(), "none given");
            assertThat(measured.report(1).get(0)).startsWith("CPU per answered request: gateway ").doesNotContain("gateway n/a");
        }
    }

    /** A process directory: its stat line and its open files, each a link to {@code targets}. */
    private void process(long pid, String comm, long utime, long stime, String... targets) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (" + comm + ") S 1 " + pid + " " + pid + " 0 -1 4194560 0 0 0 0 "
                + utime + " " + stime + " 0 0 20 0 1 0 100 1 1\n");
        Path fd = Files.createDirectories(dir.resolve("fd"));
        for (int i = 0; i < targets.length; i++) {
            Path link = fd.resolve(Integer.toString(i));
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, Path.of(targets[i]));
        }
    }
}
