package io.baton.scheduler.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.test.RegistryStub;
import io.baton.core.workload.RecordedColumns;
import io.baton.core.workload.TraceArrivals;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.support.StubWorker;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The traffic recording over real HTTP: the scheduler on a random port serving requests on a {@link StubWorker} (real
 * port, 5 ms a batch), every accepted request read back from the files and from {@code GET /internal/v1/traffic}, in
 * the trace format replay reads, with its rows, outcome, latency, batch, worker, variant and policy; requests refused
 * at once are not in it; the files stay within their bound; a bad {@code since} is a 400 problem naming it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.worker-timeout=120s", "baton.scheduler.catalog-ttl=0s", "baton.scheduler.worker-call-grace=200ms",
        "baton.scheduler.traffic.max-file-size=4KB", "baton.scheduler.traffic.max-files=2",
        "baton.scheduler.traffic.overhead-interval=100ms"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TrafficRecordingHttpTest {

    private static final RegistryStub REGISTRY = RegistryStub.started();
    private static final double[][] PROFILE = {{1, 1.0}, {2, 1.1}, {4, 1.2}, {8, 1.4}, {16, 1.8}, {32, 2.6}};
    private static final Path DIR = tempDir();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.registry-url", () -> REGISTRY.url().toString());
        properties.add("baton.scheduler.traffic.directory", DIR::toString);
    }

    @LocalServerPort
    int port;
    @Autowired
    WorkerRegistry workers;
    @Autowired
    io.micrometer.core.instrument.MeterRegistry meters;

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private StubWorker worker;

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("traffic-test");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @BeforeAll
    void start() throws Exception {
        REGISTRY.put("rec", RegistryStub.singleApp("rec", "work-conserving", 500, "v1", "sha-rec", PROFILE));
        worker = new StubWorker("stub-0", 5);
        worker.register(URI.create("http://127.0.0.1:" + port));
        assertThat(workers.live()).hasSize(1);
    }

    @AfterAll
    void stop() {
        worker.close();
        REGISTRY.close();
    }

    @Test
    void servedRequestsAreReadBackFromTheFilesAndTheRouteAndTheFilesStayBounded() throws Exception {
        double before = System.currentTimeMillis() - 1;
        for (int i = 0; i < 10; i++) {
            HttpResponse<String> r = post(body("rec", i % 2 == 0 ? 1 : 2)).get();
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        }
        assertThat(post(body("no-such-app", 1)).get().statusCode()).isEqualTo(404); // refused at once: not accepted

        List<String[]> lines = awaitLines("/internal/v1/traffic?since=" + Instant.ofEpochMilli((long) before), 10);
        assertThat(lines).hasSize(10);
        double previous = -1;
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i);
            assertThat(f).hasSize(RecordedColumns.COUNT);
            double time = Double.parseDouble(f[0]);
            assertThat(time).isGreaterThanOrEqualTo(previous).isGreaterThanOrEqualTo(0);
            previous = time;
            assertThat(f[1]).isEqualTo("rec");
            assertThat(Double.parseDouble(f[2]) - time).isCloseTo(500, org.assertj.core.data.Offset.offset(0.002));
            assertThat(f[3]).as("rows").isEqualTo(i % 2 == 0 ? "1" : "2");
            assertThat(f[4]).isEqualTo("ontime");
            assertThat(f[5]).isEmpty();
            assertThat(Double.parseDouble(f[6])).as("latency").isGreaterThanOrEqualTo(5).isLessThan(500);
            assertThat(f[7]).as("batch size").isEqualTo("1"); // one at a time
            assertThat(f[8]).isEqualTo("stub-0");
            assertThat(f[9]).isEqualTo("v1");
            assertThat(f[10]).isEqualTo("work-conserving");
        }
        String download = get("/internal/v1/traffic?since=" + (long) before).body();
        assertThat(download).contains("# origin " + Instant.ofEpochMilli((long) before));
        assertThat(download.lines().filter(l -> l.startsWith("# batch ")).toList()).as("one line per batch, each as "
                + "the worker timed its run").hasSize(10).allMatch(l -> l.startsWith("# batch application=rec variant=v1"
                + " worker=stub-0 batchSize=1 executionMs=5.0000 roundTripMs=")
                        && l.matches(".* cold=false plannedMs=\\d+\\.\\d{4}"))
                .first(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .as("the first batch was formed by a policy planning with the configured dispatch-overhead")
                .endsWith(" plannedMs=2.0000");
        assertThat(TraceArrivals.modelIndex(List.of("rec"))).isNotNull();
        assertThat(new TraceArrivals(new java.io.StringReader(download), TraceArrivals.modelIndex(List.of("rec"))).size())
                .as("the download replays as a trace").isEqualTo(10);
        awaitContains("/internal/v1/traffic?since=" + (long) before, "# overhead perBatchMs=");
        twinReplaysTheDownload(get("/internal/v1/traffic?since=" + (long) before).body());
        String onDisk = Files.readString(Files.list(DIR).sorted().findFirst().orElseThrow());
        assertThat(onDisk).startsWith("# baton traffic recording").contains(RecordedColumns.HEADER + "\n")
                .contains(",rec,").contains(",ontime,,");
        String future = get("/internal/v1/traffic?since=" + (System.currentTimeMillis() + 3_600_000)).body();
        assertThat(future.lines().filter(l -> !l.startsWith("#") && !l.equals(RecordedColumns.HEADER))).isEmpty();

        // 4 KB files, 2 kept: 150 more requests (about 80 bytes a line) roll past both and the oldest go.
        for (int round = 0; round < 15; round++) {
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < 10; i++) answers.add(post(body("rec", 1)));
            for (CompletableFuture<HttpResponse<String>> a : answers) assertThat(a.get().statusCode()).isEqualTo(200);
        }
        long deadline = System.currentTimeMillis() + 30_000; // a bound against a hang, not a timing
        while (System.currentTimeMillis() < deadline
                && meters.get("baton.scheduler.traffic.recorded").counter().count() < 160) {
            Thread.sleep(50);
        }
        assertThat(meters.get("baton.scheduler.traffic.recorded").counter().count()).isEqualTo(160);
        try (var files = Files.list(DIR)) {
            List<Path> kept = files.toList();
            assertThat(kept).hasSizeLessThanOrEqualTo(2);
            for (Path f : kept) assertThat(Files.size(f)).isLessThan(4096 + 256);
        }
        List<String[]> all = dataLines(get("/internal/v1/traffic").body());
        assertThat(all.size()).as("the oldest lines went with their file").isLessThan(160).isPositive();
        String newest = String.join(",", all.get(all.size() - 1));
        assertThat(newest).contains(",rec,").contains(",ontime,");
    }

    /**
     * The download is what {@code bin/baton twin} reads: every recorded request replayed under the policy that served
     * it, with the measured costs of the {@code # overhead} lines (the stub worker reports its whole time as the run,
     * so the worker's own part is 0; the transfer is what the scheduler measured), its batches running for ℓ(b) as
     * the {@code # batch} lines say they ran (5 ms, the stub's run, against the profile's 1 ms: one batch size, so the
     * profile scaled).
     */
    private void twinReplaysTheDownload(String download) {
        io.baton.cli.twin.RecordedTrace trace = io.baton.cli.twin.RecordedTrace.read(new java.io.StringReader(download));
        assertThat(trace.lines()).hasSize(10);
        assertThat(trace.overheadBatches()).isPositive();
        assertThat(trace.costs().perBatchMs()).isZero();
        assertThat(trace.costs().perRequestMs()).isZero();
        java.util.Map<Integer, Double> points = new java.util.TreeMap<>();
        for (double[] p : PROFILE) points.put((int) p[0], p[1]);
        io.baton.cli.twin.World world = new io.baton.cli.twin.World(1, java.util.Map.of("rec",
                new io.baton.cli.twin.World.Model("rec", "single", io.baton.core.domain.LatencyProfile.measured(points,
                        io.baton.core.domain.LatencyProfile.Fit.LINEAR), 500, 32)));
        io.baton.cli.twin.Twin.Result result = io.baton.cli.twin.Twin.run(trace, world, null);
        // the recording's batches carry round trips, so the replay draws them; its 10 are fewer than a size needs to be
        // drawn from, so each runs the ℓ(b) fitted under load plus the measured costs
        assertThat(result.execution()).isEqualTo(io.baton.cli.twin.Twin.Execution.REPLAY);
        io.baton.cli.twin.LoadedLatency fit = result.fits().get(0);
        assertThat(fit.samples().batches()).isEqualTo(10);
        assertThat(fit.source()).isEqualTo(io.baton.cli.twin.LoadedLatency.Source.SCALED_PROFILE);
        assertThat(fit.loaded().latencyMs(1)).isEqualTo(5.0);
        assertThat(result.rows()).hasSize(1);
        io.baton.cli.twin.Twin.Row row = result.rows().get(0);
        assertThat(row.policy()).isEqualTo("work-conserving");
        assertThat(row.live().offered()).isEqualTo(10);
        assertThat(row.simulated().offered()).isEqualTo(10);
        assertThat(row.live().missRate()).isZero();
        assertThat(row.simulated().missRate()).as("one request at a time, 500 ms SLO: all on time").isZero();
        assertThat(row.simulated().meanBatch()).isEqualTo(1.0);
    }

    @Test
    void aBadSinceIsA400NamingIt() throws Exception {
        HttpResponse<String> r = get("/internal/v1/traffic?since=yesterday");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        JsonNode problem = json.readTree(r.body());
        assertThat(problem.path("field").asText()).isEqualTo("since");
        assertThat(problem.path("detail").asText()).contains("since", "ISO-8601", "yesterday");
    }

    private List<String[]> awaitLines(String path, int want) throws Exception {
        long deadline = System.currentTimeMillis() + 15_000;
        List<String[]> lines = List.of();
        while (System.currentTimeMillis() < deadline) {
            lines = dataLines(get(path).body());
            if (lines.size() >= want) break;
            Thread.sleep(100);
        }
        return lines;
    }

    private void awaitContains(String path, String text) throws Exception {
        long deadline = System.currentTimeMillis() + 15_000;
        String body = "";
        while (System.currentTimeMillis() < deadline && !(body = get(path).body()).contains(text)) Thread.sleep(100);
        assertThat(body).contains(text);
    }

    private static List<String[]> dataLines(String csv) {
        return csv.lines().filter(l -> !l.isEmpty() && !l.startsWith("#") && !l.equals(RecordedColumns.HEADER))
                .map(l -> l.split(",", -1)).toList();
    }

    private static String body(String app, int rows) {
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < rows * 4; i++) data.append(i == 0 ? "" : ",").append(i);
        return """
                {"application":"%s","inputs":[{"name":"x","datatype":"FP32","shape":[%d,4],"data":[%s]}]}"""
                .formatted(app, rows, data);
    }

    private CompletableFuture<HttpResponse<String>> post(String body) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/v1/infer"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
