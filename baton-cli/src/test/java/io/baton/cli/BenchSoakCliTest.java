package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code baton bench soak} against {@link FakeSuite} (every service on one port of this JVM, so each one's memory is
 * this process's): the capacity measured, a row per (shortened) minute, the verdicts, the plot and the JSON; two
 * stand-in gateways taking turns, over REST and over gRPC, each with its own memory column and series; and every bad
 * flag (exit 2, one line, before any request).
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

    /** The soak's arguments with {@code --gateway} naming both stand-ins, the first one's other services. */
    private static List<String> twoGateways(FakeSuite first, FakeSuite second, String... more) {
        List<String> a = new ArrayList<>(List.of(args(first, more)));
        a.set(a.indexOf("--gateway") + 1, first.url() + "," + second.url());
        return a;
    }

    /** Each gateway has its own column, series and verdict, its memory read in every minute. */
    private static void eachGatewaysMemoryIsRead(CliRun r, Path json, Path plot) throws Exception {
        String header = r.out().lines().filter(l -> l.contains("(resident memory, MiB)")).findFirst().orElseThrow();
        assertThat(header).contains(" gateway ", " gateway-b ");
        JsonNode figures = CliRun.JSON.readTree(Files.readString(json));
        assertThat(figures.path("services")).extracting(JsonNode::asText)
                .containsExactly("gateway", "gateway-b", "scheduler", "registry", "profiler");
        for (JsonNode m : figures.path("minutes")) {
            for (String g : List.of("gateway", "gateway-b")) {
                assertThat(m.path("rssKb").path(g).asLong()).as("%s's memory in minute %s", g, m.path("minute")).isPositive();
            }
        }
        assertThat(figures.path("verdicts").path("rss")).extracting(v -> v.path("service").asText()).contains("gateway", "gateway-b");
        assertThat(Files.readString(plot)).contains("data-series=\"rss:gateway\"", "data-series=\"rss:gateway-b\"");
    }

    @Test
    void severalGatewaysTakeTurnsAndEachOnesMemoryIsReadAndPlotted() throws Exception {
        Path plot = dir.resolve("two.svg"), json = dir.resolve("two.json");
        try (FakeSuite fake = new FakeSuite(0, false); FakeSuite second = new FakeSuite(0, false)) {
            CliRun r = CliRun.of("", twoGateways(fake, second, "--minutes", "2", "--minute-seconds", "1", "--rate", "20",
                    "--plot", plot.toString(), "--json", json.toString()).toArray(String[]::new));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();
            assertThat(r.out()).contains("through 2 gateways round-robin (" + fake.url() + ", " + second.url() + ")");
            assertThat(fake.inferences.get()).isPositive();
            assertThat(second.inferences.get()).as("the second gateway got its share").isPositive();
            eachGatewaysMemoryIsRead(r, json, plot);
        }
    }

    @Test
    void overGrpcTheRequestsTakeTurnsAmongTheGatewaysPorts() throws Exception {
        Path plot = dir.resolve("grpc.svg"), json = dir.resolve("grpc.json");
        BenchLiveGrpcCliTest.FakeGrpcGateway one = new BenchLiveGrpcCliTest.FakeGrpcGateway();
        BenchLiveGrpcCliTest.FakeGrpcGateway two = new BenchLiveGrpcCliTest.FakeGrpcGateway();
        Server a = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(one).build().start();
        Server b = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(two).build().start();
        try (FakeSuite fake = new FakeSuite(0, false); FakeSuite second = new FakeSuite(0, false)) {
            String targets = "127.0.0.1:" + a.getPort() + ",127.0.0.1:" + b.getPort();
            CliRun r = CliRun.of("", twoGateways(fake, second, "--minutes", "1", "--minute-seconds", "1", "--rate", "20",
                    "--protocol", "grpc", "--grpc", targets, "--plot", plot.toString(), "--json", json.toString())
                    .toArray(String[]::new));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();
            assertThat(r.out()).contains("through 2 gateways round-robin (127.0.0.1:" + a.getPort() + ", 127.0.0.1:" + b.getPort()
                    + " (gRPC");
            assertThat(one.calls.get()).isPositive();
            assertThat(two.calls.get()).as("the second gateway's port got its share").isPositive();
            assertThat(fake.inferences.get() + second.inferences.get()).as("no inference over REST").isZero();
            eachGatewaysMemoryIsRead(r, json, plot);
        } finally {
            a.shutdownNow();
            b.shutdownNow();
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
            CliRun.of("", args(fake, "--protocol", "udp")).badInput("--protocol", "http or grpc");
            CliRun.of("", args(fake, "--protocol", "grpc", "--grpc", "127.0.0.1")).badInput("--grpc", "HOST:PORT");
            assertThat(fake.inferences.get()).as("no request was sent for bad input").isZero();
        }
        CliRun.of("", "bench", "soak", "--gateway", "ftp://x").badInput("--gateway", "http://");
        CliRun.of("", "bench", "soak", "--gateway", "http://127.0.0.1:1").badInput("--gateway", "nothing answers");
        CliRun.of("", "bench", "soak", "--gateway", "http://127.0.0.1:1,").badInput("--gateway", "separated by commas");
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun.of("", "bench", "soak", "--gateway", fake.url() + ",http://127.0.0.1:1").badInput("--gateway", "nothing answers");
        }
    }
}
