package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code baton twin}: against a recording whose live outcomes are known in closed form the twin's figures match; the
 * live-path costs of the recording (and the hand-off before the policy) move simulated latency by exactly what they
 * say; batches recorded under load run
 * in the simulation for the ℓ(b) fitted from them, and {@code --execution profile} brings back the profile's;
 * {@code --policy} replays under another policy; the world is read from a gateway's {@code /v1} routes or a file; bad
 * arguments exit 2 with one line.
 *
 * <p>The closed form: one worker, ℓ(b) = 2 + b ms, SLO 50 ms, work-conserving; every 50 ms four requests arrive at once.
 * The first runs alone: ℓ(1) + perBatch + perRequest + transfer = 3 + 0.5 + 0.25 + 1 = 4.75 ms. The other three wait
 * for it and run together: 4.75 + ℓ(3) + 0.5 + 3·0.25 + 1 = 4.75 + 7.25 = 12 ms. So 40 requests in 450 ms, all on
 * time: goodput 40 / 0.45 s, miss rate 0, p99 12 ms, mean batch 40 requests / 20 batches = 2.
 */
class TwinCliTest {

    private static final double ORIGIN = 1_795_000_000_000.0; // as the scheduler writes it: ms since the epoch
    private static final String OVERHEAD = "# overhead perBatchMs=0.5000 perRequestMs=0.2500 transferMs=1.0000"
            + " plannedMs=0.0000 batches=20";
    private static final String WORLD = """
            {"devices":1,"models":[{"name":"m","alphaMs":1,"betaMs":2,"sloMs":50,"maxBatch":8}]}""";

    static String recording(String policy, boolean withOverhead) {
        StringBuilder b = new StringBuilder("# baton traffic recording\n"
                + "timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy\n");
        for (int g = 0; g < 10; g++) {
            double t = ORIGIN + 50 * g;
            for (int i = 0; i < 4; i++) {
                b.append(String.format(Locale.ROOT, "%.3f,m,%.3f,1,ontime,,%.3f,%d,cpu-0,v1,%s%n", t, t + 50,
                        i == 0 ? 4.75 : 12.0, i == 0 ? 1 : 3, policy));
            }
            if (g == 4 && withOverhead) b.append(OVERHEAD).append('\n');
        }
        return b.toString();
    }

    /**
     * The same traffic served by a machine under load: the recorded batches ran for ℓ(b) = 2·b + 4 ms (twice the
     * profile's slope, and more) rather than the profile's b + 2, with the same live path. The first request of a
     * burst: 6 + 1.75 = 7.75 ms; the other three: 7.75 + ℓ(3) + 2.25 = 7.75 + 12.25 = 20 ms. One cold batch (its
     * model loaded; a 500 ms first run) is recorded too ({@link #COLD_LINE}), and left out of the fit.
     */
    static final String COLD_LINE = "# batch application=m variant=v1 worker=cpu-1 batchSize=1 executionMs=500.0000"
            + " roundTripMs=501.7500 cold=true\n";

    static String loadedRecording() {
        StringBuilder b = new StringBuilder("# baton traffic recording\n"
                + "timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy\n");
        for (int g = 0; g < 10; g++) {
            double t = ORIGIN + 50 * g;
            for (int i = 0; i < 4; i++) {
                b.append(String.format(Locale.ROOT, "%.3f,m,%.3f,1,ontime,,%.3f,%d,cpu-0,v1,work-conserving%n", t,
                        t + 50, i == 0 ? 7.75 : 20.0, i == 0 ? 1 : 3));
                if (i == 0) b.append("# batch application=m variant=v1 worker=cpu-0 batchSize=1 executionMs=6.0000"
                        + " roundTripMs=7.7500 cold=false\n");
                if (i == 1) b.append("# batch application=m variant=v1 worker=cpu-0 batchSize=3 executionMs=10.0000"
                        + " roundTripMs=12.2500 cold=false\n");
            }
            if (g == 0) b.append(COLD_LINE);
            if (g == 4) b.append(OVERHEAD).append('\n');
        }
        return b.toString();
    }

    private static Path write(Path dir, String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static JsonNode row(JsonNode root, String app) {
        for (JsonNode r : root.get("results")) if (r.get("application").asText().equals(app)) return r;
        throw new AssertionError("no row for " + app + " in " + root);
    }

    @Test
    void aRecordingKnownInClosedFormIsMatchedExactly(@TempDir Path dir) throws Exception {
        Path trace = write(dir, "traffic.csv", recording("work-conserving", true));
        Path world = write(dir, "world.json", WORLD);
        JsonNode root = CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString(), "--json").okJson();
        assertThat(root.get("requests").asInt()).isEqualTo(40);
        assertThat(root.get("livePath").get("transferMs").asDouble()).isEqualTo(1.0);
        JsonNode r = row(root, "m");
        assertThat(r.get("policy").asText()).isEqualTo("work-conserving");
        assertThat(r.get("livePolicy").asText()).isEqualTo("work-conserving");
        for (String side : List.of("live", "simulated")) {
            JsonNode f = r.get(side);
            assertThat(f.get("goodput").asDouble()).as(side).isCloseTo(40 / 0.45, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(f.get("missRate").asDouble()).as(side).isZero();
            assertThat(f.get("p99LatencyMs").asDouble()).as(side).isEqualTo(12.0);
            assertThat(f.get("meanBatch").asDouble()).as(side).isEqualTo(2.0);
        }
        for (String metric : List.of("goodput", "missRate", "p99LatencyMs", "meanBatch")) {
            assertThat(r.get("relativeError").get(metric).asDouble()).as(metric).isZero();
        }

        CliRun table = CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString());
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out()).contains("40 requests over 0.5 s", "live path measured over 20 batches", "p99 ms",
                "mean batch", "+0.0%");
    }

    @Test
    void theRecordedCostsMoveSimulatedLatencyByExactlyWhatTheySay(@TempDir Path dir) throws Exception {
        Path world = write(dir, "world.json", WORLD);
        Path without = write(dir, "bare.csv", recording("work-conserving", false));
        JsonNode bare = row(CliRun.of("", "twin", "--trace", without.toString(), "--world", world.toString(), "--json")
                .okJson(), "m");
        // ℓ(1) then ℓ(3): 3 + 5 ms, without the live path's 1.75 ms (batch of 1) and 2.25 ms (batch of 3)
        assertThat(bare.get("simulated").get("p99LatencyMs").asDouble()).isEqualTo(8.0);
        assertThat(bare.get("relativeError").get("p99LatencyMs").asDouble()).isCloseTo(8.0 / 12 - 1,
                org.assertj.core.data.Offset.offset(1e-12));
        assertThat(bare.get("simulated").get("meanBatch").asDouble()).isEqualTo(2.0);

        // 2 ms from receipt to the live policy: the simulated policy hears of each request 2 ms late, and its latency
        // still counts from the arrival, so every request takes 2 ms longer and nothing else changes
        Path handedOff = write(dir, "handoff.csv", recording("work-conserving", true)
                .replace(" batches=20", " handoffMs=2.0000 batches=20"));
        JsonNode later = CliRun.of("", "twin", "--trace", handedOff.toString(), "--world", world.toString(), "--json")
                .okJson();
        assertThat(later.get("livePath").get("handoffMs").asDouble()).isEqualTo(2.0);
        assertThat(row(later, "m").get("simulated").get("p99LatencyMs").asDouble()).isCloseTo(14.0,
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(row(later, "m").get("simulated").get("meanBatch").asDouble()).isEqualTo(2.0);
        assertThat(row(later, "m").get("simulated").get("missRate").asDouble()).isZero();
    }

    /**
     * The hand-off as it moved: the first half of the recording's requests were measured at 2 ms (the line written
     * after them), the second half at 0. Each simulated request is delayed by its own window's: the first half's
     * latencies rise by 2 ms (p99 14 ms, a burst's last request), where the mean of both windows (1 ms) would give 13.
     */
    @Test
    void eachRequestIsHandedOffAsLongAsItsOwnWindowMeasured(@TempDir Path dir) throws Exception {
        String text = recording("work-conserving", true).replace(" batches=20", " handoffMs=2.0000 batches=20")
                + OVERHEAD.replace(" batches=20", " handoffMs=0.0000 batches=20") + "\n";
        Path trace = write(dir, "moving.csv", text);
        JsonNode root = CliRun.of("", "twin", "--trace", trace.toString(), "--world", write(dir, "world.json", WORLD)
                .toString(), "--json").okJson();
        assertThat(root.get("livePath").get("handoffMs").asDouble()).as("the mean").isEqualTo(1.0);
        assertThat(row(root, "m").get("simulated").get("p99LatencyMs").asDouble()).isCloseTo(14.0,
                org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void batchesRecordedUnderLoadRunInTheSimulationAndTheProfileStaysReachable(@TempDir Path dir) throws Exception {
        Path world = write(dir, "world.json", WORLD);
        Path trace = write(dir, "loaded.csv", loadedRecording());
        JsonNode root = CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString(), "--json").okJson();
        JsonNode execution = root.get("execution");
        assertThat(execution.get("mode").asText()).as("replay: the recording has batches and their round trips")
                .isEqualTo("replay");
        JsonNode fit = execution.get("models").get(0);
        assertThat(fit.get("application").asText()).isEqualTo("m");
        assertThat(fit.get("variant").asText()).isEqualTo("v1");
        assertThat(fit.get("source").asText()).isEqualTo("line");
        assertThat(fit.get("batches").asInt()).isEqualTo(20);
        assertThat(fit.get("coldBatches").asInt()).isEqualTo(1);
        assertThat(fit.get("alphaMs").asDouble()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(fit.get("betaMs").asDouble()).isCloseTo(4.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(fit.get("spread").asDouble()).isZero();
        assertThat(fit.get("points").get(1).get("batchSize").asInt()).isEqualTo(3);
        assertThat(fit.get("points").get(1).get("loadedMs").asDouble()).isCloseTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(fit.get("points").get(1).get("profileMs").asDouble()).isEqualTo(5.0);
        // the cold batch is replayed as the first simulated batch: the worker is held 501.75 ms, every other request of
        // the 0.5 s recording waits behind it, and only the first is served (late)
        assertThat(execution.get("coldBatchesReplayed").asInt()).isEqualTo(1);
        assertThat(execution.get("replans").asInt()).isZero();
        assertThat(row(root, "m").get("simulated").get("p99LatencyMs").asDouble()).isEqualTo(501.75);
        // without it, the batches run as the recording's warm ones did, and the twin matches live exactly
        Path warm = write(dir, "warm.csv", loadedRecording().replace(COLD_LINE, ""));
        JsonNode warmRoot = CliRun.of("", "twin", "--trace", warm.toString(), "--world", world.toString(), "--json")
                .okJson();
        assertThat(warmRoot.get("execution").get("coldBatchesReplayed").asInt()).isZero();
        JsonNode r = row(warmRoot, "m");
        assertThat(r.get("simulated").get("p99LatencyMs").asDouble()).isCloseTo(20.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.get("simulated").get("meanBatch").asDouble()).isEqualTo(2.0);
        for (String metric : List.of("goodput", "missRate", "p99LatencyMs", "meanBatch")) {
            assertThat(r.get("relativeError").get(metric).asDouble()).as(metric).isCloseTo(0.0,
                    org.assertj.core.data.Offset.offset(1e-12));
        }

        // --execution profile: the quiet machine's ℓ(b) as before, 4.75 and 12 ms against the live 7.75 and 20
        JsonNode quiet = CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString(), "--execution",
                "profile", "--json").okJson();
        assertThat(quiet.get("execution").get("mode").asText()).isEqualTo("profile");
        assertThat(row(quiet, "m").get("simulated").get("p99LatencyMs").asDouble()).isEqualTo(12.0);
        assertThat(row(quiet, "m").get("relativeError").get("p99LatencyMs").asDouble()).isCloseTo(12.0 / 20 - 1,
                org.assertj.core.data.Offset.offset(1e-12));

        CliRun table = CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString());
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out()).contains("m (v1): ℓ(1)=6.00 ms, ℓ(3)=10.0 ms from 20 batches"
                + " (1 cold left out); profile ℓ(1)=3.00, ℓ(3)=5.00", "; the least-squares line ℓ(b)=2.000·b+4.000 ms at every size (b=1,3 had fewer than 20 batches); spread σ=0.000");
        CliRun old = CliRun.of("", "twin", "--trace", write(dir, "old.csv", recording("work-conserving", true)).toString(),
                "--world", world.toString());
        assertThat(old.out()).contains("execution: m (v1): no batch recorded for this variant: the profile's ℓ(b)");
    }

    @Test
    void policyAnswersWhatAnotherPolicyWouldHaveDoneAndANonSimulatedOneIsSkipped(@TempDir Path dir) throws Exception {
        Path world = write(dir, "world.json", WORLD);
        Path trace = write(dir, "traffic.csv", recording("work-conserving", true));
        JsonNode root = CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString(), "--policy",
                "symphony", "--json").okJson();
        JsonNode r = row(root, "m");
        assertThat(r.get("policy").asText()).isEqualTo("symphony");
        assertThat(r.get("livePolicy").asText()).isEqualTo("work-conserving");
        assertThat(r.get("live").get("p99LatencyMs").asDouble()).isEqualTo(12.0);
        assertThat(r.get("simulated").get("goodput").asDouble()).isPositive();

        Path windowed = write(dir, "sneak.csv", recording("sneakpeek", true));
        JsonNode skipped = CliRun.of("", "twin", "--trace", windowed.toString(), "--world", world.toString(), "--json").okJson();
        assertThat(skipped.get("results")).isEmpty();
        assertThat(skipped.get("skipped").get(0).get("reason").asText()).contains("sneakpeek", "--policy");
    }

    @Test
    void theWorldIsReadFromTheGatewaysV1Routes(@TempDir Path dir) throws Exception {
        HttpServer gateway = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        List<String> keys = new java.util.concurrent.CopyOnWriteArrayList<>();
        gateway.createContext("/v1/workers", ex -> {
            keys.add(String.valueOf(ex.getRequestHeaders().getFirst("X-API-Key")));
            answer(ex, """
                    [{"workerId":"cpu-0","state":"LIVE","device":{"kind":"cpu","provider":"cpu"}},
                     {"workerId":"cpu-1","state":"EVICTED","device":{"kind":"cpu","provider":"cpu"}}]""");
        });
        gateway.createContext("/v1/applications/m", ex -> answer(ex, """
                {"name":"m","kind":"single","policy":"work-conserving","sloMs":50,"variants":[
                  {"name":"v0","maxBatchSize":2,"profiles":[]},
                  {"name":"v1","maxBatchSize":8,"profiles":[
                    {"deviceKind":"gpu","executionProvider":"cuda","latency":[{"batchSize":1,"p50Ms":0.1,"p99Ms":0.2}]},
                    {"deviceKind":"cpu","executionProvider":"cpu","latency":[{"batchSize":1,"p50Ms":3,"p99Ms":4},
                      {"batchSize":4,"p50Ms":6,"p99Ms":9},{"batchSize":16,"p50Ms":18,"p99Ms":20}]}]}]}"""));
        gateway.start();
        try {
            Path trace = write(dir, "traffic.csv", recording("work-conserving", true));
            JsonNode r = row(CliRun.of("", "twin", "--trace", trace.toString(), "--gateway", "http://127.0.0.1:"
                    + gateway.getAddress().getPort(), "--api-key", "k1", "--json").okJson(), "m");
            // the cpu profile of v1 (ℓ(b) = 2 + b at its points), one live worker: the closed form again
            assertThat(r.get("simulated").get("p99LatencyMs").asDouble()).isEqualTo(12.0);
            assertThat(r.get("relativeError").get("goodput").asDouble()).isZero();
            assertThat(keys).containsExactly("k1");
        } finally {
            gateway.stop(0);
        }
    }

    private static void answer(com.sun.net.httpserver.HttpExchange ex, String body) throws java.io.IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    /**
     * One worker, a request alone every 50 ms, so nothing queues: each request's latency is its batch's round trip.
     * Live, half the batches came back in 2 ms and half in 40 ms (the worker ran each for 1 ms: the rest was the live
     * path). Replayed, each simulated batch holds the worker for a recorded round trip drawn at random, so the
     * simulated latencies are 2 and 40 ms as live, and the p99 is the tail's 40 ms; the mean ℓ(b) (1 ms, no costs
     * recorded) gives 1 ms for every request, tail or not.
     */
    @Test
    void replayedRoundTripsCarryTheLiveTailIntoTheSimulation(@TempDir Path dir) throws Exception {
        StringBuilder b = new StringBuilder("# baton traffic recording\n"
                + "timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy\n");
        for (int i = 0; i < 40; i++) {
            double t = ORIGIN + 50 * i, roundTrip = i % 2 == 0 ? 2 : 40;
            b.append(String.format(Locale.ROOT, "%.3f,m,%.3f,1,ontime,,%.3f,1,cpu-0,v1,work-conserving%n", t, t + 50,
                    roundTrip));
            b.append(String.format(Locale.ROOT, "# batch application=m variant=v1 worker=cpu-0 batchSize=1"
                    + " executionMs=1.0000 roundTripMs=%.4f cold=false%n", roundTrip));
        }
        Path trace = write(dir, "tail.csv", b.toString());
        Path world = write(dir, "world.json", WORLD);

        JsonNode replayed = CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString(), "--json")
                .okJson();
        assertThat(replayed.get("execution").get("mode").asText()).isEqualTo("replay");
        JsonNode r = row(replayed, "m");
        assertThat(r.get("live").get("p99LatencyMs").asDouble()).isEqualTo(40.0);
        assertThat(r.get("simulated").get("p99LatencyMs").asDouble()).isEqualTo(40.0);
        assertThat(r.get("relativeError").get("p99LatencyMs").asDouble()).isZero();
        assertThat(r.get("simulated").get("meanBatch").asDouble()).isEqualTo(1.0);
        JsonNode again = CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString(), "--json")
                .okJson();
        assertThat(row(again, "m").get("simulated")).as("the draws are seeded").isEqualTo(r.get("simulated"));

        JsonNode mean = CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString(), "--execution",
                "live", "--json").okJson();
        assertThat(mean.get("execution").get("mode").asText()).isEqualTo("live");
        assertThat(row(mean, "m").get("simulated").get("p99LatencyMs").asDouble()).isCloseTo(1.0,
                org.assertj.core.data.Offset.offset(1e-9));
    }

    /**
     * A slow stretch: a request alone every 50 ms, the first 20 batches back in 2 ms, the last 20 in 60 ms, longer
     * than the gap, so live each of the last requests waited for the one before: latencies 60, 70, …, 250 ms, all
     * late (SLO 50). Replayed near their own time, the simulated batches of the second half draw the slow round trips
     * (the first half the fast ones), so the simulation queues as live did: about half the requests missed, and
     * served ones that waited behind the stretch.
     */
    @Test
    void aSlowStretchIsReplayedWhereItHappened(@TempDir Path dir) throws Exception {
        StringBuilder b = new StringBuilder("# baton traffic recording\n"
                + "timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy\n");
        double freeAt = 0;
        for (int i = 0; i < 40; i++) {
            double t = 50.0 * i, roundTrip = i < 20 ? 2 : 60;
            double done = Math.max(t, freeAt) + roundTrip;
            freeAt = done;
            b.append(String.format(Locale.ROOT, "%.3f,m,%.3f,1,%s,,%.3f,1,cpu-0,v1,work-conserving%n", ORIGIN + t,
                    ORIGIN + t + 50, done - t <= 50 ? "ontime" : "late", done - t));
            b.append(String.format(Locale.ROOT, "# batch application=m variant=v1 worker=cpu-0 batchSize=1"
                    + " executionMs=1.0000 roundTripMs=%.4f cold=false%n", roundTrip));
        }
        Path trace = write(dir, "stretch.csv", b.toString());
        Path world = write(dir, "world.json", WORLD);
        JsonNode r = row(CliRun.of("", "twin", "--trace", trace.toString(), "--world", world.toString(), "--json")
                .okJson(), "m");
        assertThat(r.get("live").get("missRate").asDouble()).isEqualTo(0.5);
        assertThat(r.get("live").get("p99LatencyMs").asDouble()).isEqualTo(250.0);
        assertThat(r.get("simulated").get("missRate").asDouble()).isBetween(0.4, 0.6);
        // served requests queued behind the stretch (one slow batch alone: 60 ms); the simulated work-conserving
        // policy drops those it knows are hopeless where live served them late, so its p99 stays below live's
        assertThat(r.get("simulated").get("p99LatencyMs").asDouble()).isGreaterThan(60.0);
    }

    @Test
    void badArgumentsExit2WithOneLine(@TempDir Path dir) throws Exception {
        Path world = write(dir, "world.json", WORLD);
        Path trace = write(dir, "traffic.csv", recording("work-conserving", true));
        String t = trace.toString(), w = world.toString();
        CliRun.of("", "twin", "--world", w).badInput("missing --trace");
        CliRun.of("", "twin", "--trace", t, "--world", w, "--bogus", "1").badInput("unknown argument '--bogus'");
        CliRun.of("", "twin", "--trace", dir.resolve("nope.csv").toString(), "--world", w).badInput("no such file");
        CliRun.of("", "twin", "--trace", t, "--world", w, "--gateway", "http://x").badInput("alternatives");
        CliRun.of("", "twin", "--trace", t, "--world", w, "--policy", "bogus").badInput("--policy 'bogus'", "symphony");
        CliRun.of("", "twin", "--trace", t, "--gateway", "not a url").badInput("--gateway");
        CliRun.of("", "twin", "--trace", t, "--world", write(dir, "w2.json", "{\"devices\":0,\"models\":[]}").toString())
                .badInput("devices");
        CliRun.of("", "twin", "--trace", write(dir, "old.csv", "timeMs,model,deadlineMs\n0,m,50\n").toString(),
                "--world", w).badInput("trace line 2", "GET /v1/traffic");
        CliRun.of("", "twin", "--trace", write(dir, "bad.csv", recording("work-conserving", true)
                .replace(",ontime,,12.000,", ",maybe,,12.000,")).toString(), "--world", w).badInput("outcome 'maybe'");
        CliRun.of("", "twin", "--trace", write(dir, "other.csv", recording("work-conserving", true).replace(",m,", ",x,"))
                .toString(), "--world", w).badInput("application 'x'", "not in the world");
        CliRun.of("", "twin", "--trace", t, "--world", w, "--policy").badInput("--policy needs a value");
        CliRun.of("", "twin", "--trace", t, "--world", w, "--execution", "fast").badInput("--execution 'fast'",
                "profile, live, replay");
        CliRun.of("", "twin", "--trace", t, "--world", w, "--execution", "live").badInput("--execution live",
                "no # batch lines", "--execution profile");
        CliRun.of("", "twin", "--trace", t, "--world", w, "--execution", "replay").badInput("--execution replay",
                "no # batch lines");
        CliRun.of("", "twin", "--trace", write(dir, "nobatch.csv", loadedRecording().replace(" batchSize=3 ", " ")).toString(),
                "--world", w).badInput("trace line", "no batchSize=");
    }
}
