package io.baton.gateway.grpc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.protobuf.UnsafeByteOperations;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.gateway.GatewayException;
import io.baton.gateway.admission.AdmissionControl;
import io.baton.gateway.admission.AdmissionLimit;
import io.baton.gateway.metrics.InferenceMetrics;
import io.baton.gateway.oip.Classification;
import io.baton.gateway.oip.OipRequest;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.serving.InferenceService;
import io.baton.gateway.serving.Served;
import io.baton.oip.grpc.InferParameter;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;

/**
 * One ModelInfer, through what serves {@code POST /v2/models/{app}/infer}: the application from the registry cache,
 * admission control, the request read and checked as the REST route's, classification, the routes and the policy,
 * and the same metrics and admission outcome. Outputs go back in {@code raw_output_contents}, as Triton answers.
 *
 * @param service    the applications and their serving routes
 * @param admission  the gateway's limit of requests in flight, shared with REST
 * @param metrics    the inference counters and timers REST reports to
 */
record GrpcInference(InferenceService service, AdmissionControl admission, InferenceMetrics metrics) {

    /**
     * @param received when the request arrived ({@link System#nanoTime()}): its deadline counts from there
     * @throws GatewayException  a refusal with the HTTP status REST gives it (see {@link GrpcStatuses})
     * @throws TensorException   a tensor the model does not take
     */
    ModelInferResponse infer(ModelInferRequest message, long received) {
        String tag = InferenceMetrics.UNKNOWN;
        AdmissionControl.Permit permit = null;
        AdmissionLimit.Outcome outcome = AdmissionLimit.Outcome.NEUTRAL;
        try {
            ApplicationDefinition def = service.application(message.getModelName());
            tag = def.name();
            // the message is in whole: a permit goes to a request the gateway can work on at once
            permit = admission.admit(def.name(), def.sloMs());
            VariantDefinition v = InferenceService.version(def, emptyToNull(message.getModelVersion()));
            OipRequest request = GrpcRequests.read(message);
            Classification.check(request, InferenceService.outputSpecs(def, v));
            Served served = service.infer(def, v, request.inputs(), request.outputNames(), request.timeoutUs(),
                    request.priority(), received);
            double totalMs = (System.nanoTime() - received) / 1e6;
            outcome = AdmissionLimit.Outcome.served(totalMs, InferenceService.budgetMs(def, request.timeoutUs()));
            Map<String, Object> parameters = new LinkedHashMap<>(served.parameters());
            parameters.put("total_ms", totalMs);
            ModelInferResponse response = response(def.name(), served.modelVersion(), request.id(), parameters,
                    Classification.apply(served.outputs(), request, def.classes()));
            metrics.served(tag, received);
            return response;
        } catch (RuntimeException e) {
            outcome = e instanceof GatewayException g && missed(g) ? AdmissionLimit.Outcome.MISSED
                    : AdmissionLimit.Outcome.NEUTRAL;
            metrics.failed(tag, reason(e), received);
            throw e;
        } finally {
            if (permit != null) {
                permit.release(outcome);
            }
        }
    }

    /** Whether a refusal says the application is past what it can answer, as REST judges it: drops and time-outs. */
    private static boolean missed(GatewayException e) {
        return e.drop() || e.reason().equals("timeout") || e.reason().equals("bulkhead-full");
    }

    /** The metrics reason of a failure, as REST counts it. */
    private static String reason(RuntimeException e) {
        if (e instanceof GatewayException g) {
            return g.reason();
        }
        return e instanceof TensorException ? "invalid-request" : "internal";
    }

    private static ModelInferResponse response(String model, String version, String id, Map<String, Object> parameters,
                                               List<Tensor> outputs) {
        ModelInferResponse.Builder b = ModelInferResponse.newBuilder().setModelName(model);
        if (version != null) {
            b.setModelVersion(version);
        }
        if (id != null) {
            b.setId(id);
        }
        parameters.forEach((k, v) -> {
            if (v != null) {
                b.putParameters(k, parameter(v));
            }
        });
        for (Tensor t : outputs) {
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
