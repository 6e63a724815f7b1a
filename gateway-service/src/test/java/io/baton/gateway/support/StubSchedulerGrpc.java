package io.baton.gateway.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;

import io.baton.internal.grpc.EnsembleMemberCall;
import io.baton.internal.grpc.EnsembleMemberServed;
import io.baton.internal.grpc.EnsembleQueryAnswer;
import io.baton.internal.grpc.EnsembleQueryCall;
import io.baton.internal.grpc.EnsembleServed;
import io.baton.internal.grpc.InferAnswer;
import io.baton.internal.grpc.InferCall;
import io.baton.internal.grpc.RawTensor;
import io.baton.internal.grpc.Refusal;
import io.baton.internal.grpc.SchedulerEnsemblesGrpc;
import io.baton.internal.grpc.SchedulerIntakeGrpc;
import io.baton.internal.grpc.Served;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;

/**
 * A scheduler's gRPC intake in front of a {@link StubScheduler}, on a real port: each {@code SchedulerIntake.Infer}
 * (and each {@code SchedulerEnsembles.Query}) is put to the stub's HTTP inference route as the JSON the HTTP client would send, and its answer is given back as
 * scheduler-service's gRPC intake gives it (outputs as raw bytes, a refusal as its status and problem body). So every
 * behaviour the stub has (standby, drops, refusals, checks) is the gRPC intake's too. It records each call and the
 * secret each carried.
 */
public final class StubSchedulerGrpc implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Metadata.Key<String> SECRET = Metadata.Key.of("x-baton-internal-secret",
            Metadata.ASCII_STRING_MARSHALLER);

    private static final Metadata.Key<String> TRACEPARENT = Metadata.Key.of("traceparent",
            Metadata.ASCII_STRING_MARSHALLER);

    private final StubScheduler http;
    private final Server server;
    private final HttpClient client = HttpClient.newHttpClient();
    /** Every call received, in arrival order. */
    public final List<InferCall> calls = new CopyOnWriteArrayList<>();
    /** Every ensemble query received, in arrival order. */
    public final List<EnsembleQueryCall> ensembleCalls = new CopyOnWriteArrayList<>();
    /** The secret each call carried ("" for none). */
    public final List<String> secrets = new CopyOnWriteArrayList<>();
    /** The {@code traceparent} each call carried in its metadata ("" for none). */
    public final List<String> traceparents = new CopyOnWriteArrayList<>();

    public StubSchedulerGrpc(StubScheduler http) {
        this.http = http;
        ServerInterceptor recordSecret = new ServerInterceptor() {
            @Override
            public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                               ServerCallHandler<Q, A> next) {
                String s = headers.get(SECRET);
                secrets.add(s == null ? "" : s);
                String t = headers.get(TRACEPARENT);
                traceparents.add(t == null ? "" : t);
                return next.startCall(call, headers);
            }
        };
        try {
            server = NettyServerBuilder.forPort(0).addService(ServerInterceptors.intercept(
                    new SchedulerIntakeGrpc.SchedulerIntakeImplBase() {
                        @Override
                        public void infer(InferCall call, StreamObserver<InferAnswer> answers) {
                            calls.add(call);
                            try {
                                answers.onNext(answer(call));
                                answers.onCompleted();
                            } catch (Exception e) {
                                answers.onError(io.grpc.Status.INTERNAL.withDescription(e.toString()).asRuntimeException());
                            }
                        }
                    }, recordSecret)).addService(ServerInterceptors.intercept(
                    new SchedulerEnsemblesGrpc.SchedulerEnsemblesImplBase() {
                        @Override
                        public void query(EnsembleQueryCall call, StreamObserver<EnsembleQueryAnswer> answers) {
                            ensembleCalls.add(call);
                            try {
                                answers.onNext(answer(call));
                                answers.onCompleted();
                            } catch (Exception e) {
                                answers.onError(io.grpc.Status.INTERNAL.withDescription(e.toString()).asRuntimeException());
                            }
                        }
                    }, recordSecret)).build().start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code host:port} of its port, as {@code baton.gateway.scheduler-grpc-url} names it. */
    public String target() {
        return "127.0.0.1:" + server.getPort();
    }

    public List<InferCall> callsFor(String app) {
        return calls.stream().filter(c -> app.equals(c.getApplication())).toList();
    }

    private InferAnswer answer(InferCall call) throws Exception {
        ObjectNode body = JSON.createObjectNode();
        body.put("application", call.getApplication());
        if (!call.getVariant().isEmpty()) body.put("variant", call.getVariant());
        if (call.hasStage()) body.put("stage", call.getStage());
        body.put("timeoutMs", call.getTimeoutMs());
        body.put("priority", call.getPriority());
        inputs(body.putArray("inputs"), call.getInputsList());
        if (call.getOutputsCount() > 0) {
            ArrayNode outputs = body.putArray("outputs");
            call.getOutputsList().forEach(outputs::add);
        }
        if (call.getEvidenceCount() > 0) {
            ArrayNode evidence = body.putArray("evidence");
            call.getEvidenceList().forEach(evidence::add);
        }
        body.put("binaryOutputs", true);
        HttpResponse<byte[]> r = post("/internal/v1/infer", body);
        if (r.statusCode() != 200) {
            return InferAnswer.newBuilder().setRefusal(Refusal.newBuilder().setStatus(r.statusCode())
                    .setProblem(ByteString.copyFrom(r.body()))).build();
        }
        JsonNode a = JSON.readTree(r.body());
        Served.Builder served = Served.newBuilder().setApplication(a.path("application").asText())
                .setVariant(a.path("variant").asText()).setWorkerId(a.path("workerId").asText())
                .setBatchSize(a.path("batchSize").asInt())
                .setQueueMs(a.at("/timing/queueMs").asDouble()).setExecutionMs(a.at("/timing/executionMs").asDouble())
                .setTotalMs(a.at("/timing/totalMs").asDouble());
        for (JsonNode o : a.path("outputs")) {
            RawTensor.Builder out = served.addOutputsBuilder().setName(o.path("name").asText())
                    .setDatatype(o.path("datatype").asText())
                    .setData(ByteString.copyFrom(Base64.getDecoder().decode(o.path("base64").asText())));
            o.path("shape").forEach(d -> out.addShape(d.asLong()));
        }
        return InferAnswer.newBuilder().setServed(served).build();
    }

    /** An ensemble query put to the stub's HTTP route as JSON, its answer given back as the scheduler's intake gives it. */
    private EnsembleQueryAnswer answer(EnsembleQueryCall call) throws Exception {
        ObjectNode body = JSON.createObjectNode();
        body.put("application", call.getApplication());
        body.put("timeoutMs", call.getTimeoutMs());
        body.put("priority", call.getPriority());
        if (call.hasDifficulty()) body.put("difficulty", call.getDifficulty());
        ArrayNode members = body.putArray("members");
        for (EnsembleMemberCall m : call.getMembersList()) {
            ObjectNode member = members.addObject();
            member.put("variant", m.getVariant());
            inputs(member.putArray("inputs"), m.getInputsList());
            if (m.getOutputsCount() > 0) {
                ArrayNode outputs = member.putArray("outputs");
                m.getOutputsList().forEach(outputs::add);
            }
        }
        body.put("binaryOutputs", true);
        HttpResponse<byte[]> r = post("/internal/v1/ensemble-queries", body);
        if (r.statusCode() != 200) {
            return EnsembleQueryAnswer.newBuilder().setRefusal(Refusal.newBuilder().setStatus(r.statusCode())
                    .setProblem(ByteString.copyFrom(r.body()))).build();
        }
        JsonNode a = JSON.readTree(r.body());
        EnsembleServed.Builder served = EnsembleServed.newBuilder().setApplication(a.path("application").asText())
                .setBin(a.path("bin").asInt()).setPlannedUtility(a.path("plannedUtility").asDouble())
                .setTotalMs(a.at("/timing/totalMs").asDouble());
        a.path("skipped").forEach(v -> served.addSkipped(v.asText()));
        for (JsonNode m : a.path("members")) {
            EnsembleMemberServed.Builder member = served.addMembersBuilder().setVariant(m.path("variant").asText())
                    .setWorkerId(m.path("workerId").asText()).setBatchSize(m.path("batchSize").asInt(1));
            for (JsonNode o : m.path("outputs")) {
                RawTensor.Builder out = member.addOutputsBuilder().setName(o.path("name").asText())
                        .setDatatype(o.path("datatype").asText())
                        .setData(ByteString.copyFrom(Base64.getDecoder().decode(o.path("base64").asText())));
                o.path("shape").forEach(d -> out.addShape(d.asLong()));
            }
        }
        return EnsembleQueryAnswer.newBuilder().setServed(served).build();
    }

    private static void inputs(ArrayNode inputs, List<RawTensor> tensors) {
        for (RawTensor t : tensors) {
            ObjectNode in = inputs.addObject();
            in.put("name", t.getName());
            in.put("datatype", t.getDatatype());
            ArrayNode shape = in.putArray("shape");
            t.getShapeList().forEach(shape::add);
            in.put("base64", Base64.getEncoder().encodeToString(t.getData().toByteArray()));
        }
    }

    private HttpResponse<byte[]> post(String path, ObjectNode body) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(http.url() + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    @Override
    public void close() {
        server.shutdownNow();
        try {
            server.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
