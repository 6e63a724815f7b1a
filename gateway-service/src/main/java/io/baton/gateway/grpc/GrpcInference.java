package io.baton.gateway.grpc;

import io.baton.commons.grpc.TraceContextInterceptor;
import io.baton.gateway.trace.GatewayTrace;

import java.util.concurrent.CompletableFuture;

import com.google.protobuf.UnsafeByteOperations;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.gateway.GatewayException;
import io.baton.gateway.oip.InferenceCall;
import io.baton.gateway.serving.InferenceService;
import io.baton.oip.grpc.InferParameter;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;

/**
 * One ModelInfer, through what serves {@code POST /v2/models/{app}/infer} ({@link InferenceCall}): the application
 * from the registry cache, admission control, the request read and checked as the REST route's, classification, the
 * routes and the policy, and the same metrics and admission outcome. Outputs go back in {@code raw_output_contents},
 * as Triton answers.
 *
 * @param call the serving sequence REST runs too
 */
record GrpcInference(InferenceCall call) {

    /**
     * @param received when the request arrived ({@link System#nanoTime()}): its deadline counts from there
     * @throws GatewayException  a refusal with the HTTP status REST gives it (see {@link GrpcStatuses})
     * @throws TensorException   a tensor the model does not take
     */
    ModelInferResponse infer(ModelInferRequest message, long received, GatewayTrace trace) {
        trace.requestId(message.getId());
        // the message is in whole: a permit goes to a request the gateway can work on at once
        return call.infer(message.getModelName(), emptyToNull(message.getModelVersion()), received, trace,
                def -> () -> GrpcRequests.read(message), GrpcInference::response);
    }

    /**
     * The same, without holding the calling thread while the scheduler works ({@link InferenceCall#inferAsync}): the
     * future completes with the response where the scheduler's answer is read, or exceptionally with what
     * {@link #infer} throws.
     */
    CompletableFuture<ModelInferResponse> inferAsync(ModelInferRequest message, long received, GatewayTrace trace) {
        trace.requestId(message.getId());
        return call.inferAsync(message.getModelName(), emptyToNull(message.getModelVersion()), received, trace,
                def -> () -> GrpcRequests.read(message), GrpcInference::response);
    }

    /** Whether the request can be begun on the event loop ({@link InferenceService#beginsAtOnce}). */
    boolean beginsAtOnce(ModelInferRequest message) {
        return call.service().beginsAtOnce(message.getModelName(), emptyToNull(message.getModelVersion()));
    }

    /**
     * The trace of a call for {@code model} that arrived now with the metadata's {@code traceparent} (read by the
     * interceptor).
     */
    GatewayTrace begin(String model, long received) {
        return call.traces().begin(TraceContextInterceptor.current(), model, received);
    }

    private static ModelInferResponse response(InferenceCall.Answer answer) {
        ModelInferResponse.Builder b = ModelInferResponse.newBuilder().setModelName(answer.model());
        if (answer.version() != null) {
            b.setModelVersion(answer.version());
        }
        if (answer.request().id() != null) {
            b.setId(answer.request().id());
        }
        answer.parameters().forEach((k, v) -> {
            if (v != null) {
                b.putParameters(k, parameter(v));
            }
        });
        for (Tensor t : answer.outputs()) {
            ModelInferResponse.InferOutputTensor.Builder o = b.addOutputsBuilder().setName(t.name())
                    .setDatatype(t.datatype().name());
            for (long d : t.shape()) {
                o.addShape(d);
            }
            // the tensor's bytes are not changed after serving: the message may view them without a copy
            b.addRawOutputContents(UnsafeByteOperations.unsafeWrap(t.data().duplicate()));
        }
        return b.build();
    }

    /** A response parameter as the protocol types it: numbers stay numbers, text (joined names) stays text. */
    private static InferParameter parameter(Object v) {
        InferParameter.Builder p = InferParameter.newBuilder();
        if (v instanceof Boolean bool) {
            p.setBoolParam(bool);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short) {
            p.setInt64Param(((Number) v).longValue());
        } else if (v instanceof Number n) {
            p.setDoubleParam(n.doubleValue());
        } else {
            p.setStringParam(String.valueOf(v));
        }
        return p.build();
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
