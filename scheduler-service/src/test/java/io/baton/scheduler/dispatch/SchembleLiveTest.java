package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.commons.trace.TraceParent;
import io.baton.internal.grpc.EnsembleMemberCall;
import io.baton.internal.grpc.EnsembleMemberServed;
import io.baton.internal.grpc.EnsembleQueryAnswer;
import io.baton.internal.grpc.EnsembleQueryCall;
import io.baton.internal.grpc.RawTensor;
import io.baton.scheduler.grpc.IntakeCalls;
import io.baton.scheduler.grpc.IntakeGrpcServer;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.support.LinearModel;
import io.baton.commons.test.RegistryStub;
import io.baton.scheduler.support.WorkerProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Schemble live over real HTTP: the scheduler on a random port, two real worker-service processes, an ensemble of two
 * base models ({@code a}, {@code b}: {@link LinearModel}s of different weights) with policy {@code schemble}, and its
 * ensemble profile served by {@link RegistryStub}. The table is made so that the rules are visible: in the easy bin
 * {@code a} alone agrees with the full ensemble (utility 1), in the hard bin only both do. A query whose call carries
 * a {@code traceparent} is kept as a timeline, each base model's batch with its spans.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.worker-timeout=1500ms", "baton.scheduler.eviction-interval=200ms",
        // The stub registry answers one read at a time: a burst re-reading it per query would spend its deadlines there.
        "baton.scheduler.catalog-ttl=60s"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SchembleLiveTest {

    private static final RegistryStub REGISTRY = RegistryStub.started();
    private static final LinearModel A = new LinearModel(1f), B = new LinearModel(2f);

    /** ℓ(1) = 1 ms for both base models. */
    private static final String PROFILE = """
            {"deviceKind":"cpu","executionProvider":"cpu","accuracy":0.9,"version":0,"latency":[
             {"batchSize":1,"p50Ms":1.0,"p99Ms":1.5},{"batchSize":2,"p50Ms":1.1,"p99Ms":1.6}]}""";

    @DynamicPropertySource
    static void registry(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.registry-url", () -> REGISTRY.url().toString());
    }

    @TempDir
    static Path dir;
    @LocalServerPort
    int port;
    @Autowired
    WorkerRegistry workers;
    @Autowired
    IntakeGrpcServer grpcIntake;

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<WorkerProcess> processes = new ArrayList<>();
    private IntakeCalls grpcCalls;

    @BeforeAll
    void start() throws Exception {
        String a = A.writeTo(dir.resolve("artifacts")), b = B.writeTo(dir.resolve("artifacts"));
        REGISTRY.put("ens", ensemble("ens", "schemble", a, b));
        // bins: score ≤ 0.5 easy, above hard; masks 0..3 = {}, {a}, {b}, {a,b}
        REGISTRY.put("ens/ensemble-profile", """
                {"application":"ens","models":["a","b"],"aggregator":"averaging","binEdges":[0.5],"binCounts":[50,50],
                 "accuracy":[[0,1.0,0.6,1.0],[0,0.5,0.9,1.0]],"version":3}""");
        REGISTRY.put("ens-unprofiled", ensemble("ens-unprofiled", "schemble", a, b));
        REGISTRY.put("ens-plain", ensemble("ens-plain", "work-conserving", a, b));
        URI self = URI.create("http://127.0.0.1:" + port);
        for (String id : List.of("cpu-a", "cpu-b")) {
            processes.add(WorkerProcess.start(id, dir.resolve("artifacts"), self, dir.resolve("logs")));
        }
        WorkerProcess.awaitLive(workers, 2, processes, Duration.ofSeconds(90));
        for (int i = 0; i < 20; i++) { // warm both models on both workers: the first batches pay loads and a cold JIT
            if (post(query("ens", new float[] {1, 2, 3, 4}, 0.9, 2000.0)).statusCode() == 200 && i > 4) break;
        }
    }

    @AfterAll
    void stop() throws Exception {
        if (grpcCalls != null) grpcCalls.close();
        for (WorkerProcess p : processes) p.close();
        REGISTRY.close();
    }

    private static String ensemble(String name, String policy, String a, String b) {
        String tensors = """
                "inputs":[{"name":"x","datatype":"FP32","shape":[-1,4]}],"outputs":[{"name":"y","datatype":"FP32","shape":[-1,3]}]""";
        return """
                {"name":"%s","kind":"ensemble","policy":"%s","sloMs":2000,%s,
                 "variants":[{"name":"a","application":"%s","stage":0,"artifactDigest":"%s",%s,"profiles":[%s]},
                             {"name":"b","application":"%s","stage":0,"artifactDigest":"%s",%s,"profiles":[%s]}],
                 "createdAt":"2026-11-22T00:00:00Z","version":0}"""
                .formatted(name, policy, tensors, name, a, tensors, PROFILE, name, b, tensors, PROFILE);
    }

    private static String query(String app, float[] x, Double difficulty, Double timeoutMs) {
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < x.length; i++) data.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%s", x[i]));
        String input = "{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[1,4],\"data\":[" + data + "]}";
        return """
                {"application":"%s",%s%s"members":[{"variant":"a","inputs":[%s]},{"variant":"b","inputs":[%s]}]}"""
                .formatted(app, difficulty == null ? "" : "\"difficulty\":" + difficulty + ",",
                        timeoutMs == null ? "" : "\"timeoutMs\":" + timeoutMs + ",", input, input);
    }

    private HttpResponse<String> post(String body) throws Exception {
        return postAsync(body).get();
    }

    private CompletableFuture<HttpResponse<String>> postAsync(String body) {
        return postAsync(body, null);
    }

    /** {@code traceparent}: the trace context the call carries, as the gateway's does; null: none. */
    private CompletableFuture<HttpResponse<String>> postAsync(String body, String traceparent) {
        HttpRequest.Builder call = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/internal/v1/ensemble-queries"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (traceparent != null) call.header("traceparent", traceparent);
        return http.sendAsync(call.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The scheduler's timeline of the one call of {@code parent}'s trace, as the gateway reads it. */
    private JsonNode timeline(TraceParent parent) throws Exception {
        HttpResponse<String> found = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/internal/v1/traces/" + parent.traceId())).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
        JsonNode timelines = json.readTree(found.body()).path("timelines");
        assertThat(timelines.size()).isEqualTo(1);
        JsonNode t = timelines.get(0);
        assertThat(t.path("parent_span_id").asText()).isEqualTo(parent.spanId());
        assertThat(t.path("application").asText()).isEqualTo("ens");
        assertThat(t.path("policy").asText()).isEqualTo("schemble");
        return t;
    }

    /** Each member's spans ({@code member:service:name}), and every span's bin and planned utility as given. */
    private static List<String> memberSpans(JsonNode timeline, String bin, String plannedUtility) {
        List<String> spans = new ArrayList<>();
        for (JsonNode s : timeline.path("spans")) {
            JsonNode a = s.path("attributes");
            spans.add(a.path("member").asText() + ":" + s.path("service").asText() + ":" + s.path("name").asText());
            assertThat(a.path("bin").asText()).as(s.toString()).isEqualTo(bin);
            assertThat(a.path("planned_utility").asText()).as(s.toString()).isEqualTo(plannedUtility);
            if (!s.path("name").asText().equals("queue")) {
                assertThat(a.path("worker").asText()).as(s.toString()).isIn("cpu-a", "cpu-b");
            }
        }
        return spans;
    }

    private static final List<String> RAN = List.of("queue", "dispatch", "transfer", "execution", "transfer");

    private static List<String> ranAs(String member) {
        return RAN.stream().map(n -> member + ":" + (n.equals("execution") ? "worker" : "scheduler") + ":" + n)
                .toList();
    }

    @Test
    void aTracedQueryKeepsATimelineWithEachMembersBatchAndThePlan() throws Exception {
        TraceParent hard = TraceParent.make();
        HttpResponse<String> r = postAsync(query("ens", new float[] {1, 2, 3, 4}, 0.9, 1000.0), hard.header()).get();
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode t = timeline(hard);
        assertThat(t.path("outcome").asText()).isEqualTo("served");
        List<String> spans = memberSpans(t, "1", "1.000");
        assertThat(spans.stream().filter(s -> s.startsWith("a:")).toList()).containsExactlyElementsOf(ranAs("a"));
        assertThat(spans.stream().filter(s -> s.startsWith("b:")).toList()).containsExactlyElementsOf(ranAs("b"));

        TraceParent easy = TraceParent.make();
        EnsembleQueryAnswer answer = grpcCalls().ensembles(null).withInterceptors(
                        io.baton.commons.grpc.TraceContextInterceptor.attach(easy))
                .query(grpcQuery("ens", new float[] {1, 2, 3, 4}, 0.1, 1000));
        assertThat(answer.hasServed()).as(answer.toString()).isTrue();
        assertThat(memberSpans(timeline(easy), "0", "1.000")).as("the plan left b out")
                .containsExactlyElementsOf(ranAs("a"));
    }

    @Test
    void aTracedQueryDroppedBeforeAnyMemberRanIsOneQueueSpanNamingTheReason() throws Exception {
        TraceParent parent = TraceParent.make();
        HttpResponse<String> r = postAsync(query("ens", new float[] {1, 2, 3, 4}, 0.9, 0.2), parent.header()).get();
        assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
        JsonNode t = timeline(parent);
        assertThat(t.path("outcome").asText()).isEqualTo("dropped");
        assertThat(t.path("reason").asText()).isEqualTo("DEADLINE_UNMEETABLE");
        assertThat(t.path("spans").size()).isEqualTo(1);
        JsonNode queue = t.path("spans").get(0);
        assertThat(queue.path("name").asText()).isEqualTo("queue");
        assertThat(queue.path("attributes").path("drop_reason").asText()).isEqualTo("DEADLINE_UNMEETABLE");
        assertThat(queue.path("attributes").path("bin").asText()).isEqualTo("1");
    }

    private static void assertOutputsOf(JsonNode member, float[] x) {
        LinearModel model = member.path("variant").asText().equals("a") ? A : B;
        float[] want = model.expected(x);
        JsonNode y = member.path("outputs").path(0);
        assertThat(y.path("name").asText()).isEqualTo("y");
        for (int j = 0; j < 3; j++) {
            assertThat((float) y.path("data").path(j).asDouble()).as(member + " y[" + j + "]").isCloseTo(want[j], Offset.offset(1e-3f));
        }
    }

    private static List<String> ran(JsonNode answer) {
        List<String> names = new ArrayList<>();
        answer.path("members").forEach(m -> names.add(m.path("variant").asText()));
        return names;
    }

    @Test
    void anEasyQueryRunsTheSmallestIdleSubsetOfBestUtilityAndAHardOneRunsBoth() throws Exception {
        float[] x = {0.5f, -1f, 2f, 3f};
        HttpResponse<String> easy = post(query("ens", x, 0.1, 1000.0));
        assertThat(easy.statusCode()).as(easy.body()).isEqualTo(200);
        JsonNode e = json.readTree(easy.body());
        assertThat(e.path("bin").asInt()).isZero();
        assertThat(ran(e)).containsExactly("a");
        assertThat(e.path("skipped")).extracting(JsonNode::asText).containsExactly("b");
        assertThat(e.path("plannedUtility").asDouble()).isEqualTo(1.0);
        assertOutputsOf(e.path("members").path(0), x);

        HttpResponse<String> hard = post(query("ens", x, 0.9, 1000.0));
        assertThat(hard.statusCode()).as(hard.body()).isEqualTo(200);
        JsonNode h = json.readTree(hard.body());
        assertThat(h.path("bin").asInt()).isEqualTo(1);
        assertThat(ran(h)).containsExactly("a", "b");
        h.path("members").forEach(m -> assertOutputsOf(m, x));
    }

    @Test
    void withoutAScoreTheBinsAverageRowDecides() throws Exception {
        // average row: {a} 0.75, {b} 0.75, {a,b} 1.0: both run
        HttpResponse<String> r = post(query("ens", new float[] {1, 1, 1, 1}, null, 1000.0));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode a = json.readTree(r.body());
        assertThat(a.path("bin").asInt()).isEqualTo(-1);
        assertThat(ran(a)).containsExactly("a", "b");
    }

    @Test
    void aQueryNoSubsetCanFinishInTimeIsDroppedAtOnceWithItsReason() throws Exception {
        HttpResponse<String> r = post(query("ens", new float[] {1, 2, 3, 4}, 0.9, 0.2));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
        JsonNode p = json.readTree(r.body());
        assertThat(p.path("reason").asText()).isEqualTo("DEADLINE_UNMEETABLE");
    }

    @Test
    void aBurstEndsAnsweredAndEveryServedMemberComputedItsOwnModel() throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        List<float[]> xs = new ArrayList<>();
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            float[] x = {(float) random.nextDouble(), i, -i, 1};
            xs.add(x);
            answers.add(postAsync(query("ens", x, random.nextDouble(), 200.0)));
        }
        int served = 0;
        List<String> refusals = new ArrayList<>();
        for (int i = 0; i < xs.size(); i++) {
            HttpResponse<String> r = answers.get(i).get();
            if (r.statusCode() != 200) refusals.add(r.body());
            JsonNode a = json.readTree(r.body());
            if (r.statusCode() == 200) {
                served++;
                for (JsonNode m : a.path("members")) assertOutputsOf(m, xs.get(i));
            } else {
                assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
                assertThat(a.path("reason").asText()).as(r.body()).isIn("DEADLINE_UNMEETABLE", "REJECTED_BY_POLICY");
            }
        }
        // Which subsets a loaded machine leaves room for is timing; that some queries are served, and every answer
        // is right, is not (the subset rules themselves are checked one query at a time above).
        assertThat(served).as("200 ms leaves room for some of 40 one-millisecond queries; refusals: %s", refusals)
                .isPositive();
    }

    @Test
    void badQueriesAreRefusedNamingWhatIsWrong() throws Exception {
        HttpResponse<String> unprofiled = post(query("ens-unprofiled", new float[] {1, 2, 3, 4}, 0.1, 100.0));
        assertThat(unprofiled.statusCode()).isEqualTo(409);
        assertThat(unprofiled.body()).contains("ensemble profile");

        HttpResponse<String> plain = post(query("ens-plain", new float[] {1, 2, 3, 4}, 0.1, 100.0));
        assertThat(plain.statusCode()).isEqualTo(400);
        assertThat(plain.body()).contains("policy schemble");

        HttpResponse<String> missing = post("""
                {"application":"ens","members":[{"variant":"a","inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[1,2,3,4]}]}]}""");
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(missing.body()).contains("no part for base model 'b'");

        HttpResponse<String> negative = post(query("ens", new float[] {1, 2, 3, 4}, -1.0, 100.0));
        assertThat(negative.statusCode()).isEqualTo(400);
        assertThat(negative.body()).contains("difficulty");

        HttpResponse<String> badShape = post(query("ens", new float[] {1, 2, 3}, 0.1, 100.0));
        assertThat(badShape.statusCode()).isEqualTo(400);
    }

    private EnsembleQueryCall grpcQuery(String app, float[] x, Double difficulty, double timeoutMs) {
        EnsembleQueryCall.Builder call = EnsembleQueryCall.newBuilder().setApplication(app).setTimeoutMs(timeoutMs);
        if (difficulty != null) call.setDifficulty(difficulty);
        for (String variant : List.of("a", "b")) {
            call.addMembers(EnsembleMemberCall.newBuilder().setVariant(variant)
                    .addInputs(IntakeCalls.fp32("x", new long[] {1, x.length}, x)));
        }
        return call.build();
    }

    private EnsembleQueryAnswer overGrpc(EnsembleQueryCall call) {
        return grpcCalls().ensembles(null).query(call);
    }

    private IntakeCalls grpcCalls() {
        if (grpcCalls == null) grpcCalls = new IntakeCalls(grpcIntake.port());
        return grpcCalls;
    }

    @Test
    void overGrpcAQueryRunsTheSameSubsetAndItsOutputsComeBackAsRawBytes() {
        float[] x = {0.5f, -1f, 2f, 3f};
        EnsembleQueryAnswer easy = overGrpc(grpcQuery("ens", x, 0.1, 1000));
        assertThat(easy.hasServed()).as(easy.toString()).isTrue();
        assertThat(easy.getServed().getBin()).isZero();
        assertThat(easy.getServed().getMembersList()).extracting(EnsembleMemberServed::getVariant).containsExactly("a");
        assertThat(easy.getServed().getSkippedList()).containsExactly("b");
        assertThat(easy.getServed().getPlannedUtility()).isEqualTo(1.0);

        EnsembleQueryAnswer hard = overGrpc(grpcQuery("ens", x, 0.9, 1000));
        assertThat(hard.hasServed()).as(hard.toString()).isTrue();
        assertThat(hard.getServed().getMembersList()).extracting(EnsembleMemberServed::getVariant).containsExactly("a", "b");
        for (EnsembleMemberServed m : hard.getServed().getMembersList()) {
            float[] want = (m.getVariant().equals("a") ? A : B).expected(x);
            RawTensor y = m.getOutputs(0);
            assertThat(y.getName()).isEqualTo("y");
            assertThat(y.getShapeList()).containsExactly(1L, 3L);
            java.nio.FloatBuffer got = y.getData().asReadOnlyByteBuffer().order(java.nio.ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
            for (int j = 0; j < 3; j++) {
                assertThat(got.get(j)).as(m.getVariant() + " y[" + j + "]").isCloseTo(want[j], Offset.offset(1e-3f));
            }
        }
    }

    @Test
    void overGrpcDropsAndBadQueriesAreRefusedWithTheHttpRoutesStatusAndProblem() throws Exception {
        EnsembleQueryAnswer dropped = overGrpc(grpcQuery("ens", new float[] {1, 2, 3, 4}, 0.9, 0.2));
        assertThat(dropped.getRefusal().getStatus()).as(dropped.toString()).isEqualTo(503);
        assertThat(json.readTree(dropped.getRefusal().getProblem().toByteArray()).path("reason").asText())
                .isEqualTo("DEADLINE_UNMEETABLE");

        EnsembleQueryAnswer unprofiled = overGrpc(grpcQuery("ens-unprofiled", new float[] {1, 2, 3, 4}, 0.1, 100));
        assertThat(unprofiled.getRefusal().getStatus()).isEqualTo(409);
        assertThat(unprofiled.getRefusal().getProblem().toStringUtf8()).contains("ensemble profile");

        EnsembleQueryAnswer plain = overGrpc(grpcQuery("ens-plain", new float[] {1, 2, 3, 4}, 0.1, 100));
        assertThat(plain.getRefusal().getStatus()).isEqualTo(400);
        assertThat(plain.getRefusal().getProblem().toStringUtf8()).contains("policy schemble");

        EnsembleQueryAnswer missing = overGrpc(grpcQuery("ens", new float[] {1, 2, 3, 4}, 0.1, 100).toBuilder()
                .removeMembers(1).build());
        assertThat(missing.getRefusal().getStatus()).isEqualTo(400);
        assertThat(missing.getRefusal().getProblem().toStringUtf8()).contains("no part for base model 'b'");

        EnsembleQueryAnswer none = overGrpc(EnsembleQueryCall.newBuilder().setApplication("ens").setTimeoutMs(100).build());
        assertThat(none.getRefusal().getStatus()).isEqualTo(400);
        assertThat(none.getRefusal().getProblem().toStringUtf8()).contains("members");

        EnsembleQueryAnswer badShape = overGrpc(grpcQuery("ens", new float[] {1, 2, 3}, 0.1, 100));
        assertThat(badShape.getRefusal().getStatus()).isEqualTo(400);
    }
}
