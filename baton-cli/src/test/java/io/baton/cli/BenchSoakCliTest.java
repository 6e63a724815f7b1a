package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code baton bench soak} against {@link FakeSuite} (every service on one port of this JVM, so each one's memory is
 * this process's): the capacity measured, a row per (shortened) minute, the verdicts, the plot and the JSON; and
 * every bad flag (exit 2, one line, before any request).
 */
class BenchSoakCliTest {
    @TempDir
    Path dir;

    static String[] args(FakeSuite fake, String... more) {
        List<String> a = new ArrayList<>(List.of("bench", "soak"));
        a.addAll(List.of(more));
        String url = fake.url().toString();
        a.addAll(List.of("--gateway", url, "--registry", url, "--scheduler", url, "--profiler", url));
        return a.toArray(String[]::new);
    }

    @Test
    void measuresCapacityThenRecordsEachMinutesMemoryGoodputAndMissRate() throws Exception {
        Path plot = dir.resolve("soak.svg"), json = dir.resolve("soak.json");
        try (FakeSuite fake = new FakeSuite(10, false)) {
            CliRun r = CliRun.of("", args(fake, "--minutes", "2", "--minute-seconds", "1", "--capacity-seconds", "1", "--concurrency", "2",
                    "--plot", plot.toString(), "--json", json.toString()));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();
            assertThat(r.out()).contains("capacity:", "rate: 70% of it", "measured from minute 1", "miss rate drift: least-squares line over minutes 1..2");
            List<String> rows = r.out().lines().filter(l -> l.matches("\\s+[12] .*")).toList();
            assertThat(rows).hasSize(2);

            JsonNode figures = CliRun.JSON.readTree(Files.readString(json));
            assertThat(figures.path("services")).extracting(JsonNode::asText).containsExactly("gateway", "scheduler", "registry", "profiler");
            assertThat(figures.path("capacity").asDouble()).isPositive();
            assertThat(figures.path("rate").asDouble()).isEqualTo(0.7 * figures.path("capacity").asDouble());
            assertThat(figures.path("minutes")).hasSize(2);
            for (JsonNode m : figures.path("minutes")) {
                assertThat(m.path("sent").asLong()).isPositive();
                assertThat(m.path("refused").asLong()).as("every tenth is refused").isPositive();
                assertThat(m.path("missRate").asDouble()).isBetween(0.0, 1.0);
                for (String s : List.of("gateway", "scheduler", "registry", "profiler")) {
                    assertThat(m.path("rssKb").path(s).asLong()).as("%s's memory in minute %s", s, m.path("minute")).isPositive();
                }
            }
            assertThat(figures.path("verdicts").path("baseMinute").asInt()).isEqualTo(1);
            assertThat(figures.path("verdicts").path("rss")).hasSize(4);
            assertThat(Files.readString(plot)).startsWith("<?xml").contains("data-series=\"rss:gateway\"", "data-series=\"miss-rate\"");
        }
    }

    @Test
    void badFlagsExitTwoWithOneLine() throws Exception {
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun.of("", args(fake, "--minutes", "0")).badInput("--minutes");
            CliRun.of("", args(fake, "--minutes", "1441")).badInput("--minutes");
            CliRun.of("", args(fake, "--minutes", "half")).badInput("--minutes");
            CliRun.of("", args(fake, "--rate", "-5")).badInput("--rate");
            CliRun.of("", args(fake, "--rate", "lots")).badInput("--rate");
            CliRun.of("", args(fake, "--minute-seconds", "0.5")).badInput("--minute-seconds");
            CliRun.of("", args(fake, "--capacity-seconds", "0")).badInput("--capacity-seconds");
            CliRun.of("", args(fake, "--concurrency", "0")).badInput("--concurrency");
            CliRun.of("", args(fake, "--plot", dir.toString())).badInput("--plot", "directory");
            CliRun.of("", args(fake, "--json", dir.resolve("no/such/dir/x.json").toString())).badInput("--json", "no directory");
            CliRun.of("", args(fake, "--application", "a/b")).badInput("--application", "a/b");
            CliRun.of("", args(fake, "--application", "nope", "--plot", dir.resolve("x.svg").toString())).badInput("--application", "nope");
            CliRun.of("", args(fake, "--frobnicate")).badInput("unknown option '--frobnicate'");
            assertThat(fake.inferences.get()).as("no request was sent for bad input").isZero();
        }
        CliRun.of("", "bench", "soak", "--gateway", "ftp://x").badInput("--gateway", "http://");
        CliRun.of("", "bench", "soak", "--gateway", "http://127.0.0.1:1").badInput("--gateway", "nothing answers");
    }
}
