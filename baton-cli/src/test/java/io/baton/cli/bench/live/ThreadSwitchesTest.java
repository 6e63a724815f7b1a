package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a process's threads and their context switches: a {@code status} file's counters, thread names grouped by
 * pool, the threads of a process laid out in a temporary directory, and this test's own JVM in the real {@code /proc}.
 */
class ThreadSwitchesTest {
    @TempDir
    Path proc;

    @Test
    void theCountersAreTheVoluntaryAndNonvoluntaryLinesOfAStatusFile() {
        String status = "Name:\tgrpc-intake-13\nState:\tS (sleeping)\nTgid:\t4242\nThreads:\t57\n"
                + "Cpus_allowed_list:\t0-7\nvoluntary_ctxt_switches:\t123456\nnonvoluntary_ctxt_switches:\t789\n";
        assertThat(ThreadSwitches.parseCounts(status)).isEqualTo(new ThreadSwitches.Counts(123456, 789));
        assertThatThrownBy(() -> ThreadSwitches.parseCounts("Name:\tjava\nvoluntary_ctxt_switches:\t5\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nonvoluntary_ctxt_switches");
    }

    @Test
    void threadsAreGroupedByTheirNameWithoutATrailingNumberAndItsSeparator() {
        assertThat(ThreadSwitches.group("grpc-intake-13")).isEqualTo("grpc-intake");
        assertThat(ThreadSwitches.group("grpc-intake-1")).isEqualTo("grpc-intake");
        assertThat(ThreadSwitches.group("GC Thread#3")).isEqualTo("GC Thread");
        assertThat(ThreadSwitches.group("pool-2-thread-7")).isEqualTo("pool-2-thread");
        // cut to 15 bytes by the kernel before the number: as it is, or without the bare separator
        assertThat(ThreadSwitches.group("grpc-default-wo")).isEqualTo("grpc-default-wo");
        assertThat(ThreadSwitches.group("ForkJoinPool-1-")).isEqualTo("ForkJoinPool-1");
        assertThat(ThreadSwitches.group("C2 CompilerThre")).isEqualTo("C2 CompilerThre");
        assertThat(ThreadSwitches.group("java")).isEqualTo("java");
        assertThat(ThreadSwitches.group("42")).as("nothing left: the name itself").isEqualTo("42");
    }

    @Test
    void everyThreadOfTheProcessIsReadByTid() throws IOException {
        thread(proc, 7, 7, "java", 10, 2);
        thread(proc, 7, 9, "grpc-intake-1", 500, 30);
        Files.createDirectories(proc.resolve("7/task/not-a-tid"));
        assertThat(new ThreadSwitches(proc).tasks(7)).isEqualTo(Map.of(
                7L, new ThreadSwitches.Task("java", new ThreadSwitches.Counts(10, 2)),
                9L, new ThreadSwitches.Task("grpc-intake-1", new ThreadSwitches.Counts(500, 30))));
        assertThatThrownBy(() -> new ThreadSwitches(proc).tasks(8)).as("no such process").isInstanceOf(IOException.class);
    }

    @Test
    void thisJvmsThreadsCanBeReadFromTheRealProc() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux's /proc");
        long pid = ProcessHandle.current().pid();
        ThreadSwitches threads = new ThreadSwitches(Path.of("/proc"));
        Map<Long, ThreadSwitches.Task> before = threads.tasks(pid);
        assertThat(before).as("the main thread's TID is the pid").containsKey(pid);
        assertThat(before.size()).as("a JVM runs many threads").isGreaterThan(1);
        assertThat(before.values()).allSatisfy(t -> {
            assertThat(t.name()).isNotEmpty().doesNotEndWith("\n");
            assertThat(t.counts().voluntary()).isNotNegative();
            assertThat(t.counts().nonvoluntary()).isNotNegative();
        });
        // a thread started after the first reading counts from 0, and each of its sleeps is a voluntary switch
        CountDownLatch slept = new CountDownLatch(1), done = new CountDownLatch(1);
        Thread sleeper = new Thread(() -> {
            try {
                for (int i = 0; i < 20; i++) Thread.sleep(1);
                slept.countDown();
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "wakeup-probe-1");
        sleeper.start();
        try {
            slept.await();
            WakeupsPerRequest.Grown grown = WakeupsPerRequest.grown(before, threads.tasks(pid));
            assertThat(grown.total().voluntary()).isGreaterThanOrEqualTo(20);
            assertThat(grown.total().nonvoluntary()).isNotNegative();
            assertThat(grown.groups()).containsKey("wakeup-probe");
            assertThat(grown.groups().get("wakeup-probe").voluntary()).isGreaterThanOrEqualTo(20);
        } finally {
            done.countDown();
            sleeper.join();
        }
    }

    /** A thread's directory under {@code PID/task}: its name and counters. */
    static void thread(Path proc, long pid, long tid, String name, long voluntary, long nonvoluntary) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(pid + "/task/" + tid));
        Files.writeString(dir.resolve("comm"), name + "\n");
        Files.writeString(dir.resolve("status"), "Name:\t" + name + "\nState:\tS (sleeping)\nTgid:\t" + pid + "\nPid:\t" + tid
                + "\nvoluntary_ctxt_switches:\t" + voluntary + "\nnonvoluntary_ctxt_switches:\t" + nonvoluntary + "\n");
    }
}
