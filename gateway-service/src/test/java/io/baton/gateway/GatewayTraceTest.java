package io.baton.gateway;

import static io.baton.gateway.support.Apps.application;
import static io.baton.gateway.support.Apps.spec;
import static io.baton.gateway.support.Apps.variant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;

import io.baton.commons.trace.TraceParent;
import io.baton.gateway.grpc.OipGrpcServer;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubSchedulerGrpc;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * Request traces through a gateway on real ports, its scheduler a stand-in behind a real gRPC intake: the client's
 * {@code traceparent} (REST header or gRPC metadata) reaches the scheduler's call as a child in the same trace and
 * comes back as {@code parameters.trace_id}, on answers and refusals alike; a missing, malformed or over-long one is
 * replaced by a new trace, never refused; and {@code GET /v1/requests/{id}/timeline} joins the gateway's spans with
 * the scheduler's part of the call, by request id or trace id, with 404 and 400 problems for what it does not hold;
 * a Schemble ensemble's one query-level call is joined the same way, each base model's batch inside it.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = "baton.internal.secret=" + GatewayTraceTest.SECRET)
class GatewayTraceTest {

    static final String SECRET = "gateway-trace-test-secret-0123456789";
    static final String CLIENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    static final StubRegistry REGISTRY = new StubRegistry();
    static final StubScheduler SCHEDULER = new StubScheduler();
    static final StubSchedulerGrpc INTAKE = new StubSchedulerGrpc(SCHEDULER);
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        String x = spec("x", "FP32", "[-1,4]"), p = spec("probs", "FP32", "[-1,2]");
        for (String app : List.of("app", "shed")) {
            REGISTRY.application(app, application(app, "single", "{}", 10_000, x, p, variant("m", 0, x, p)));
            SCHEDULER.application(app, "single", Map.of("m", new StubScheduler.Model(List.of("x"), List.of("probs"),
                    in -> Map.of("probs", new double[] {in.get("x")[0], 2}))));
        }
        SCHEDULER.refuse("shed", new StubScheduler.Refusal(503, "dropped", "SHED_FOR_BATCH", "shed"));
        REGISTRY.application("sch", application("sch", "ensemble", "{}", 10_000, x, p, variant("a", 0, x, p),
                variant("b", 0, x, p)).replace("\"policy\":\"symphony\"", "\"policy\":\"schemble\""));
        REGISTRY.ensembleProfile("sch", "{\"models\":[\"a\",\"b\"]}");
        StubScheduler.Model member = new StubScheduler.Model(List.of("x"), List.of("probs"),
                in -> Map.of("probs", new double[] {0.5, 0.5}));
        SCHEDULER.application("sch", "ensemble", Map.of("a", member, "b", member));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        properties.add("baton.gateway.registry-url", REGISTRY::url);
        properties.add("baton.gateway.scheduler-url", SCHEDULER::url);
        properties.add("baton.gateway.scheduler-grpc-url", INTAKE::target);
    }

    @AfterAll
    static void close() {
        INTAKE.close();
        REGISTRY.close();
        SCHEDULER.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    OipGrpcServer grpc;

    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<String> infer(String app, String id, String traceparent) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/models/" + app
                        + "/infer"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{" + (id == null ? "" : "\"id\":\"" + id + "\",")
                        + "\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[1,4],\"data\":[1,2,3,4]}]}"));
        if (traceparent != null) b.header("traceparent", traceparent);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> timeline(String id) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/requests/" + id
                + "/timeline")).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The scheduler call's context, as the intake received the last call. */
    TraceParent lastSchedulerCall() {
        return TraceParent.parse(INTAKE.traceparents.get(INTAKE.traceparents.size() - 1));
    }

    @Test
    void theClientsTraceReachesTheSchedulerAndComesBackAsTheTraceId() throws Exception {
        HttpResponse<String> r = infer("app", "req-1", CLIENT);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode parameters = JSON.readTree(r.body()).get("parameters");
        assertThat(parameters.get("trace_id").asText()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(parameters.has("request_id")).as("the client named the request").isFalse();
        TraceParent call = lastSchedulerCall();
        assertThat(call.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(call.spanId()).as("a span of the gateway's, under the client's").isNotEqualTo("00f067aa0ba902b7");
    }

    @Test
    void aMissingMalformedOrOverLongTraceparentStartsANewTraceAndIsNeverRefused() throws Exception {
        List<String> traces = new ArrayList<>();
        for (String header : new String[] {null, "00-not-a-trace", "00-" + "a".repeat(600)}) {
            HttpResponse<String> r = infer("app", null, header);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            JsonNode parameters = JSON.readTree(r.body()).get("parameters");
            String traceId = parameters.get("trace_id").asText();
            assertThat(TraceParent.isTraceId(traceId)).isTrue();
            assertThat(lastSchedulerCall().traceId()).isEqualTo(traceId);
            // no id from the client: the one made here is answered, and finds the timeline
            String requestId = parameters.get("request_id").asText();
            assertThat(timeline(requestId).statusCode()).isEqualTo(200);
            traces.add(traceId);
        }
        assertThat(traces).doesNotHaveDuplicates();
    }

    @Test
    void theTimelineJoinsTheGatewaysSpansWithTheSchedulersPart() throws Exception {
        String client = TraceParent.make().header();
        HttpResponse<String> r = infer("app", "req-timeline", client);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        TraceParent call = lastSchedulerCall();
        SCHEDULER.traces.put(call.traceId(), """
                {"trace_id": "%s", "timelines": [{"trace_id": "%s", "parent_span_id": "%s", "application": "app",
                  "policy": "symphony", "outcome": "served", "reason": null, "total_ms": 2.0, "spans": [
                  {"name": "queue", "service": "scheduler", "start_ms": 0.0, "duration_ms": 1.0, "attributes": {}},
                  {"name": "execution", "service": "worker", "start_ms": 1.2, "duration_ms": 0.5,
                   "attributes": {"batch_id": "7", "batch_size": "3", "worker": "w-1"}}]},
                 {"trace_id": "%s", "parent_span_id": "0123456789abcdef", "policy": "other", "outcome": "served",
                  "total_ms": 1.0, "spans": [{"name": "queue", "service": "scheduler", "start_ms": 0.0,
                  "duration_ms": 9.0, "attributes": {}}]}]}
                """.formatted(call.traceId(), call.traceId(), call.spanId(), call.traceId()));

        for (String id : List.of("req-timeline", call.traceId(), call.traceId().toUpperCase())) {
            HttpResponse<String> t = timeline(id);
            assertThat(t.statusCode()).as(t.body()).isEqualTo(200);
            JsonNode timeline = JSON.readTree(t.body());
            assertThat(timeline.get("request_id").asText()).isEqualTo("req-timeline");
            assertThat(timeline.get("trace_id").asText()).isEqualTo(call.traceId());
            assertThat(timeline.get("application").asText()).isEqualTo("app");
            assertThat(timeline.get("policy").asText()).isEqualTo("symphony");
            assertThat(timeline.get("outcome").asText()).isEqualTo("served");
            assertThat(timeline.get("reason").isNull()).isTrue();
            assertThat(timeline.get("started_at").asText()).endsWith("Z");
            assertThat(timeline.get("total_ms").asDouble()).isPositive();
            List<String> names = new ArrayList<>();
            double callStart = -1, queueStart = -1;
            for (JsonNode span : timeline.get("spans")) {
                names.add(span.get("service").asText() + ":" + span.get("name").asText());
                assertThat(span.get("start_ms").asDouble()).isGreaterThanOrEqualTo(0);
                if (span.get("name").asText().equals("scheduler_call")) callStart = span.get("start_ms").asDouble();
                if (span.get("name").asText().equals("queue")) queueStart = span.get("start_ms").asDouble();
                if (span.get("name").asText().equals("execution")) {
                    assertThat(span.get("attributes").get("batch_id").asText()).isEqualTo("7");
                }
            }
            // the other call's part (another parent span) is not this request's
            assertThat(names).containsExactly("gateway:admission", "gateway:scheduler_call", "scheduler:queue",
                    "worker:execution");
            assertThat(queueStart).as("the scheduler's part inside the call that carried it")
                    .isGreaterThanOrEqualTo(callStart);
        }
    }

    @Test
    void anEnsembleQuerysTimelineShowsTheSchedulersPartWithEachMembersBatch() throws Exception {
        HttpResponse<String> r = infer("sch", "req-ensemble", TraceParent.make().header());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        TraceParent call = lastSchedulerCall();
        List<String> spans = new ArrayList<>();
        for (String m : List.of("a", "b")) {
            String attributes = ("{\"member\": \"%s\", \"batch_id\": \"%d\", \"worker\": \"w-%s\", \"bin\": \"1\", "
                    + "\"planned_utility\": \"0.900\"}").formatted(m, m.equals("a") ? 0 : 1, m);
            spans.add("""
                    {"name": "queue", "service": "scheduler", "start_ms": 0.0, "duration_ms": 0.5, "attributes": %s},
                    {"name": "execution", "service": "worker", "start_ms": 0.8, "duration_ms": 0.4, "attributes": %s}
                    """.formatted(attributes, attributes));
        }
        SCHEDULER.traces.put(call.traceId(), """
                {"trace_id": "%s", "timelines": [{"trace_id": "%s", "parent_span_id": "%s", "application": "sch",
                  "policy": "schemble", "outcome": "served", "reason": null, "total_ms": 1.5, "spans": [%s]}]}
                """.formatted(call.traceId(), call.traceId(), call.spanId(), String.join(",", spans)));

        HttpResponse<String> t = timeline("req-ensemble");
        assertThat(t.statusCode()).as(t.body()).isEqualTo(200);
        JsonNode timeline = JSON.readTree(t.body());
        assertThat(timeline.get("application").asText()).isEqualTo("sch");
        assertThat(timeline.get("policy").asText()).isEqualTo("schemble");
        List<String> names = new ArrayList<>();
        double callStart = -1;
        for (JsonNode span : timeline.get("spans")) {
            String member = span.get("attributes").path("member").asText();
            names.add(span.get("service").asText() + ":" + span.get("name").asText()
                    + (member.isEmpty() ? "" : "(" + member + ")"));
            if (span.get("name").asText().equals("scheduler_call")) callStart = span.get("start_ms").asDouble();
            if (!member.isEmpty()) {
                assertThat(span.get("start_ms").asDouble()).as("inside the call").isGreaterThanOrEqualTo(callStart);
                assertThat(span.get("attributes").get("bin").asText()).isEqualTo("1");
                assertThat(span.get("attributes").get("planned_utility").asText()).isEqualTo("0.900");
            }
        }
        assertThat(names).contains("gateway:admission", "gateway:scheduler_call", "gateway:aggregation",
                "scheduler:queue(a)", "scheduler:queue(b)", "worker:execution(a)", "worker:execution(b)");
        assertThat(names.indexOf("gateway:scheduler_call")).isLessThan(names.indexOf("scheduler:queue(a)"));
    }

    @Test
    void aRefusalNamesItsTraceAndItsTimelineHowItEnded() throws Exception {
        HttpResponse<String> r = infer("shed", "req-shed", CLIENT);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("error").asText()).endsWith("(SHED_FOR_BATCH)");
        assertThat(body.at("/parameters/trace_id").asText()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        JsonNode timeline = JSON.readTree(timeline("req-shed").body());
        assertThat(timeline.get("outcome").asText()).isEqualTo("dropped");
        assertThat(timeline.get("reason").asText()).isEqualTo("SHED_FOR_BATCH");

        HttpResponse<String> unknown = infer("nope", "req-unknown", null);
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(unknown.body()).at("/parameters/trace_id").asText()).hasSize(32);
    }

    @Test
    void aTimelineNotHeldIs404AndAnOverLongIdIs400() throws Exception {
        HttpResponse<String> missing = timeline("never-sent");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(JSON.readTree(missing.body()).get("detail").asText()).contains("never-sent");
        HttpResponse<String> huge = timeline("x".repeat(300));
        assertThat(huge.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(huge.body()).get("detail").asText()).contains("256");
        assertThat(timeline("%00%ff").statusCode()).isIn(400, 404);
    }

    @Test
    void grpcClientsSendTheirTraceInMetadataAndReadItInParametersOrTrailers() throws Exception {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", grpc.port()).usePlaintext().build();
        try {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER), CLIENT);
            GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub oip = GRPCInferenceServiceGrpc
                    .newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
            ModelInferRequest.Builder request = ModelInferRequest.newBuilder().setModelName("app").setId("grpc-1");
            request.addInputsBuilder().setName("x").setDatatype("FP32").addShape(1).addShape(4);
            request.addRawInputContents(ByteString.copyFrom(new byte[16]));
            ModelInferResponse answer = oip.modelInfer(request.build());
            assertThat(answer.getParametersOrThrow("trace_id").getStringParam())
                    .isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
            assertThat(lastSchedulerCall().traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
            assertThat(timeline("grpc-1").statusCode()).isEqualTo(200);

            StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
                    () -> oip.modelInfer(request.setModelName("shed").setId("").build()));
            Metadata trailers = refused.getTrailers();
            assertThat(trailers.get(Metadata.Key.of("baton-trace-id", Metadata.ASCII_STRING_MARSHALLER)))
                    .isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
            String requestId = trailers.get(Metadata.Key.of("baton-request-id", Metadata.ASCII_STRING_MARSHALLER));
            assertThat(JSON.readTree(timeline(requestId).body()).get("outcome").asText()).isEqualTo("dropped");
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    HttpResponse<String> traceSetting(String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        b = body == null ? b.GET() : b.header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Whether the scheduler's call for each of {@code n} requests to {@code app} carried the sampled flag. */
    List<Boolean> sampledFlags(String app, int n, String traceparent) throws Exception {
        List<Boolean> flags = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            infer(app, null, traceparent);
            flags.add(lastSchedulerCall().sampled());
        }
        return flags;
    }

    /**
     * Triton's trace extension decides which requests are exported: the W3C sampled flag on the scheduler's call
     * follows the rate, the level and a model's own settings, whatever the client's context said; what it refuses
     * is named in the OIP error body.
     */
    @Test
    void theTraceSettingsDecideTheSampledFlagTheSchedulerReceives() throws Exception {
        try {
            HttpResponse<String> set = traceSetting("/v2/trace/setting", "{\"trace_rate\": \"2\", \"trace_level\": [\"TIMESTAMPS\"]}");
            assertThat(set.statusCode()).as(set.body()).isEqualTo(200);
            assertThat(JSON.readTree(set.body())).isEqualTo(JSON.readTree("{\"trace_level\": [\"TIMESTAMPS\"], "
                    + "\"trace_rate\": \"2\", \"trace_count\": \"-1\", \"trace_mode\": \"opentelemetry\"}"));
            assertThat(sampledFlags("app", 4, null)).containsExactly(true, false, true, false);

            traceSetting("/v2/trace/setting", "{\"trace_level\": \"OFF\"}");
            assertThat(sampledFlags("app", 2, CLIENT)).as("the client sampled it; the setting overrules")
                    .containsExactly(false, false);

            HttpResponse<String> own = traceSetting("/v2/models/app/trace/setting",
                    "{\"trace_level\": \"TIMESTAMPS\", \"trace_rate\": 1}");
            assertThat(own.statusCode()).as(own.body()).isEqualTo(200);
            assertThat(JSON.readTree(traceSetting("/v2/models/app/trace/setting", null).body()).get("trace_rate")
                    .asText()).isEqualTo("1");
            assertThat(JSON.readTree(traceSetting("/v2/models/shed/trace/setting", null).body()).get("trace_level"))
                    .as("a model without settings of its own answers the global ones")
                    .isEqualTo(JSON.readTree("[\"OFF\"]"));
            assertThat(sampledFlags("app", 3, null)).containsExactly(true, true, true);

            traceSetting("/v2/models/app/trace/setting", "{\"trace_level\": null, \"trace_rate\": null}");
            assertThat(sampledFlags("app", 2, null)).as("cleared, the model follows the global OFF")
                    .containsExactly(false, false);

            for (String[] bad : new String[][] {
                    {"/v2/trace/setting", "{\"trace_level\": [\"TENSORS\"]}", "400", "TENSORS is not supported"},
                    {"/v2/trace/setting", "{\"trace_rate\": \"0\"}", "400", "trace_rate: a whole number from 1"},
                    {"/v2/trace/setting", "{\"trace_file\": \"/tmp/t.json\"}", "400", "trace_file is not supported"},
                    {"/v2/trace/setting", "{\"trace_rate\": {\"a\": 1}}", "400", "trace_rate: a string"},
                    {"/v2/trace/setting", "[1]", "400", "must be a JSON object"},
                    {"/v2/trace/setting", "{\"trace_rate\": ", "400", "not JSON"},
                    {"/v2/models/nope/trace/setting", "{\"trace_rate\": \"1\"}", "404", "nope"}}) {
                HttpResponse<String> r = traceSetting(bad[0], bad[1]);
                assertThat(r.statusCode()).as(bad[1] + " " + r.body()).isEqualTo(Integer.parseInt(bad[2]));
                assertThat(JSON.readTree(r.body()).get("error").asText()).contains(bad[3]);
            }
            assertThat(JSON.readTree(traceSetting("/v2/trace/setting", null).body()).get("trace_rate").asText())
                    .as("refusals changed nothing").isEqualTo("2");
        } finally {
            traceSetting("/v2/trace/setting", "{\"trace_level\": null, \"trace_rate\": null, \"trace_count\": null}");
        }
    }

    @Test
    void grpcReadsAndChangesTheTraceSettingsAsRestDoes() throws Exception {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", grpc.port()).usePlaintext().build();
        try {
            GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub oip = GRPCInferenceServiceGrpc
                    .newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS);
            io.baton.oip.grpc.TraceSettingResponse read = oip.traceSetting(
                    io.baton.oip.grpc.TraceSettingRequest.newBuilder().setModelName("shed").build());
            assertThat(read.getSettingsOrThrow("trace_mode").getValueList()).containsExactly("opentelemetry");
            io.baton.oip.grpc.TraceSettingResponse changed = oip.traceSetting(io.baton.oip.grpc.TraceSettingRequest
                    .newBuilder().setModelName("shed").putSettings("trace_count", io.baton.oip.grpc.TraceSettingRequest
                            .SettingValue.newBuilder().addValue("5").build()).build());
            assertThat(changed.getSettingsOrThrow("trace_count").getValueList()).containsExactly("5");
            assertThat(JSON.readTree(traceSetting("/v2/models/shed/trace/setting", null).body()).get("trace_count")
                    .asText()).isEqualTo("5");
            assertThat(JSON.readTree(traceSetting("/v2/trace/setting", null).body()).get("trace_count").asText())
                    .as("the global count is not the model's").isEqualTo("-1");

            io.baton.oip.grpc.TraceSettingRequest.SettingValue none = io.baton.oip.grpc.TraceSettingRequest
                    .SettingValue.getDefaultInstance();
            assertThat(oip.traceSetting(io.baton.oip.grpc.TraceSettingRequest.newBuilder().setModelName("shed")
                    .putSettings("trace_count", none).build()).getSettingsOrThrow("trace_count").getValueList())
                    .as("no value clears it").containsExactly("-1");

            StatusRuntimeException bad = catchThrowableOfType(StatusRuntimeException.class, () -> oip.traceSetting(
                    io.baton.oip.grpc.TraceSettingRequest.newBuilder().putSettings("trace_level",
                            io.baton.oip.grpc.TraceSettingRequest.SettingValue.newBuilder().addValue("TENSORS")
                                    .build()).build()));
            assertThat(bad.getStatus().getCode()).isEqualTo(io.grpc.Status.Code.INVALID_ARGUMENT);
            assertThat(bad.getStatus().getDescription()).contains("TENSORS is not supported");
            StatusRuntimeException unknown = catchThrowableOfType(StatusRuntimeException.class, () -> oip.traceSetting(
                    io.baton.oip.grpc.TraceSettingRequest.newBuilder().setModelName("nope").build()));
            assertThat(unknown.getStatus().getCode()).isEqualTo(io.grpc.Status.Code.NOT_FOUND);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
