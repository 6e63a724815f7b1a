package io.baton.core.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * In a fresh JVM that sees one or two CPUs (as this machine and a CPU-limited pod do): without the call, an async
 * completion starts a thread of its own; with it, it runs on the common pool. A JVM is started per case because the
 * pool's parallelism is fixed once the pool is first used.
 */
class HttpClientThreadsTest {

    /** Prints whether async completions use the common pool, after calling the fix when asked to. */
    public static final class Probe {
        public static void main(String[] args) {
            boolean fixed = args.length > 0 && args[0].equals("fix") ? HttpClientThreads.atLeastTwoPoolThreads()
                    : HttpClientThreads.asyncCompletionsUseCommonPool();
            String thread = java.util.concurrent.CompletableFuture.supplyAsync(() -> Thread.currentThread().getName()).join();
            System.out.println(fixed + " " + thread);
        }
    }

    private static String probe(int cpus, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:ActiveProcessorCount=" + cpus, "-cp", System.getProperty("java.class.path"), Probe.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    }

    @Test
    void withOneOrTwoCpusAsyncCompletionsGetAThreadEachUnlessFixed() throws Exception {
        for (int cpus : new int[] {1, 2}) {
            String before = probe(cpus);
            assertThat(before).as("%d CPUs, untouched", cpus).startsWith("false ").doesNotContain("ForkJoinPool");
            String after = probe(cpus, "fix");
            assertThat(after).as("%d CPUs, fixed", cpus).startsWith("true ").contains("ForkJoinPool.commonPool-worker");
        }
    }

    @Test
    void anExplicitParallelismIsLeftAsGiven() throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:ActiveProcessorCount=2", "-D" + HttpClientThreads.PARALLELISM + "=1", "-cp",
                System.getProperty("java.class.path"), Probe.class.getName(), "fix");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip()).startsWith("false ");
    }
}
