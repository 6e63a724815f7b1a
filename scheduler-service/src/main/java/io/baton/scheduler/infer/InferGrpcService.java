package io.baton.scheduler.infer;

import io.baton.commons.grpc.TraceContextInterceptor;
import io.baton.scheduler.trace.RequestTimelines;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.JsonTensors;
import io.baton.commons.tensor.TensorException;
import io.baton.core.util.InFlightBytes;
import io.baton.internal.grpc.InferAnswer;
import io.baton.internal.grpc.InferCall;
import io.baton.internal.grpc.RawTensor;
import io.baton.internal.grpc.Refusal;
import io.baton.internal.grpc.SchedulerIntakeGrpc;
import io.baton.internal.grpc.Served;
import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.dispatch.InferJob;
import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.leader.LeaderElection;
import io.baton.scheduler.web.ApiException;
import org.springframework.http.HttpStatus;
import io.grpc.stub.StreamObserver;

/**
 * {@code SchedulerIntake.Infer}: {@code POST /internal/v1/infer} in binary. The call is submitted as the HTTP route
 * submits it ({@link InferCalls#submit}), its tensors as raw bytes that reach the worker's batch untouched, and it is
 * answered when its batch comes back, with the outputs as raw bytes. Everything the HTTP route refuses is refused
 * with the same status and problem body inside the answer ({@link Refusal}): a standby's 503 {@code not-leader}, a
 * drop's 503, a bad request's 400, an unknown application's 404. The message itself holds its bytes of the
 * scheduler's budget for request bodies in flight until it is answered; one that does not fit beside those held is
 * RESOURCE_EXHAUSTED (the whole budget is the port's largest message, so no single call is larger than it).
 */
public final class InferGrpcService extends SchedulerIntakeGrpc.SchedulerIntakeImplBase {

    private final DispatchService dispatch;
    private final GrpcIntakeCall intake;
    private final RequestTimelines timelines;

    /**
     * @param timelines where a call's trace (its {@code traceparent} metadata) is kept once it is answered
     * @param offLoop   where a call whose submit may block is submitted ({@link GrpcIntakeCall})
     */
    public InferGrpcService(DispatchService dispatch, LeaderElection election, InFlightBytes budget, ObjectMapper json,
                            RequestTimelines timelines, Executor offLoop) {
        this.timelines = timelines;
        this.dispatch = dispatch;
        this.intake = new GrpcIntakeCall(election, budget, json, offLoop);
    }

    @Override
    public void infer(InferCall call, StreamObserver<InferAnswer> answers) {
        boolean atOnce = dispatch.submitsAtOnce(call.getApplication(), call.hasStage());
        intake.serve(answers, call.getSerializedSize(), InferGrpcService::refused, atOnce, () -> {
            DispatchService.Accepted accepted = InferCalls.submit(dispatch, timelines, TraceContextInterceptor.current(),
                    call.getApplication(), blankToNull(call.getVariant()), call.hasStage() ? call.getStage() : null,
                    call.getTimeoutMs() > 0 ? call.getTimeoutMs() : null, call.getPriority(),
                    inputs(call.getInputsList()), call.getOutputsCount() == 0 ? null : List.copyOf(call.getOutputsList()),
                    true, call.getEvidenceCount() == 0 ? null : call.getEvidenceList());
            return accepted.answer().thenApply(outcome -> outcome instanceof InferOutcome.Served s
                    ? served(accepted, s) : refused(intake.refusal(InferCalls.refusal(outcome))));
        });
    }

    private static InferAnswer refused(Refusal refusal) {
        return InferAnswer.newBuilder().setRefusal(refusal).build();
    }

    /** The tensors as the dispatcher checks them, each with its bytes as they came (a null name stays null). */
    static List<InferJob.Input> inputs(List<RawTensor> tensors) {
        List<InferJob.Input> inputs = new ArrayList<>(tensors.size());
        for (RawTensor t : tensors) {
            inputs.add(new InferJob.Input(t.getName().isEmpty() ? null : t.getName(),
                    t.getDatatype().isEmpty() ? null : t.getDatatype(), List.copyOf(t.getShapeList()), null, null,
                    t.getData().toByteArray()));
        }
        return inputs;
    }

    private static InferAnswer served(DispatchService.Accepted accepted, InferOutcome.Served s) {
        Served.Builder served = Served.newBuilder()
                .setApplication(accepted.application())
                .setVariant(nullToEmpty(s.variant() != null ? s.variant() : accepted.variant().variant()))
                .setDigest(nullToEmpty(s.digest()))
                .setWorkerId(nullToEmpty(s.workerId()))
                .setBatchSize(s.batchSize())
                .setQueueMs(s.queueMs()).setExecutionMs(s.executionMs()).setTotalMs(s.totalMs());
        for (JsonNode o : s.outputs()) {
            served.addOutputs(output(o));
        }
        return InferAnswer.newBuilder().setServed(served).build();
    }

    /**
     * One output as raw bytes: a worker's {@code base64} (text from an HTTP worker, bytes from a binary one) as it
     * is, a {@code data} array encoded by the tensor codec.
     */
    static RawTensor output(JsonNode o) {
        String name = o.path("name").asText();
        RawTensor.Builder raw = RawTensor.newBuilder().setName(name).setDatatype(o.path("datatype").asText());
        JsonNode shape = o.path("shape");
        long[] dims = new long[shape.size()];
        for (int i = 0; i < dims.length; i++) {
            dims[i] = shape.get(i).asLong();
            raw.addShape(dims[i]);
        }
        try {
            JsonNode base64 = o.get("base64");
            if (base64 != null && !base64.isNull()) {
                return raw.setData(UnsafeByteOperations.unsafeWrap(base64.binaryValue())).build();
            }
            Datatype type = Datatype.named(o.path("datatype").asText());
            if (type == null) throw new IllegalArgumentException("output '" + name + "' has datatype " + o.path("datatype"));
            return raw.setData(ByteString.copyFrom(JsonTensors.decode("output '" + name + "'", name, type, dims,
                    o.get("data")).data())).build();
        } catch (java.io.IOException | TensorException | IllegalArgumentException e) {
            throw new ApiException(HttpStatus.BAD_GATEWAY, "worker-failed", "a worker answered an output the "
                    + "scheduler cannot read: " + e.getMessage());
        }
    }

    private static String blankToNull(String s) {
        return s.isEmpty() ? null : s;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
