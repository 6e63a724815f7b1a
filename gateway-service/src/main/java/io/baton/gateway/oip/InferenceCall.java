package io.baton.gateway.oip;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import org.springframework.stereotype.Component;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.gateway.GatewayException;
import io.baton.gateway.admission.AdmissionControl;
import io.baton.gateway.admission.AdmissionLimit;
import io.baton.gateway.metrics.InferenceMetrics;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.serving.InferenceService;
import io.baton.gateway.serving.Served;
import io.baton.gateway.trace.GatewayTrace;
import io.baton.gateway.trace.RequestTraces;

/**
 * One inference as every protocol serves it, once the route knows the application: what arrives before admission
 * (REST's body), admission control, the request read and checked, classification, the routes and the policy, the
 * answer encoded by the protocol, and the metrics and admission outcome of whatever happens. REST and gRPC both call
 * it, so that they count, admit and refuse alike.
 *
 * @param service    the applications and their serving routes
 * @param admission  the gateway's limit of requests in flight
 * @param metrics    the inference counters and timers
 * @param traces     the requests' traces: the context each call to the scheduler carries, and the timelines kept
 */
@Component
public record InferenceCall(InferenceService service, AdmissionControl admission, InferenceMetrics metrics,
                            RequestTraces traces) {

    /**
     * What a protocol receives of a request before it is admitted, given its application; it answers how the request
     * is then read (parsing waits for the permit).
     *
     * @param <X> what receiving may throw (REST: an {@link java.io.IOException} reading the body)
     */
    @FunctionalInterface
    public interface Arrival<X extends Exception> {
        Supplier<OipRequest> receive(ApplicationDefinition def) throws X;
    }

    /**
     * What was served, for the protocol to encode.
     *
     * @param model      the application's name
     * @param version    the version (variant) that answered; null when several did
     * @param request    the request as read
     * @param parameters the response's parameters, {@code total_ms} last
     * @param outputs    the outputs, classified where the request asked
     */
    public record Answer(String model, String version, OipRequest request, Map<String, Object> parameters,
                         List<Tensor> outputs) {
    }

    /**
     * @param app      the application's name
     * @param version  the version asked for; null for the policy to pick
     * @param received when the request arrived ({@link System#nanoTime()}): its deadline counts from there
     * @param encode   the answer in the protocol's form; a failure there counts as the request's
     * @throws GatewayException a refusal, with its HTTP status
     * @throws TensorException  a tensor the model does not take
     */
    public <R, X extends Exception> R infer(String app, String version, long received, Arrival<X> arrival,
                                            Function<Answer, R> encode) throws X {
        return infer(app, version, received, traces.begin((String) null, app, received), arrival, encode);
    }

    /**
     * The same, for a request whose trace the protocol began ({@link RequestTraces#begin}): the response's
     * parameters carry its {@code trace_id} (and the {@code request_id} made here, when the client sent none), and
     * its stamps are kept once it is answered, however it ends.
     */
    public <R, X extends Exception> R infer(String app, String version, long received, GatewayTrace trace,
                                            Arrival<X> arrival, Function<Answer, R> encode) throws X {
        String tag = InferenceMetrics.UNKNOWN;
        AdmissionControl.Permit permit = null;
        AdmissionLimit.Outcome outcome = AdmissionLimit.Outcome.NEUTRAL;
        String ended = "failed";
        String reason = "unanswered";
        try (GatewayTrace.Scope scope = trace.enter()) {
            ApplicationDefinition def = service.application(app);
            tag = def.name();
            Supplier<OipRequest> reader = arrival.receive(def);
            // only once the request is in: a permit is held by requests the gateway can work on, never by a client
            // still sending
            permit = admission.admit(def.name(), def.sloMs());
            trace.stamp(GatewayTrace.ADMISSION, received);
            VariantDefinition v = InferenceService.version(def, version);
            OipRequest request = reader.get();
            trace.requestId(request.id());
            Classification.check(request, InferenceService.outputSpecs(def, v));
            Served served = service.infer(def, v, request.inputs(), request.outputNames(), request.timeoutUs(),
                    request.priority(), received);
            double totalMs = (System.nanoTime() - received) / 1e6;
            outcome = AdmissionLimit.Outcome.served(totalMs, InferenceService.budgetMs(def, request.timeoutUs()));
            Map<String, Object> parameters = new LinkedHashMap<>(served.parameters());
            parameters.put("trace_id", trace.traceId());
            if (trace.madeRequestId()) parameters.put("request_id", trace.requestId());
            parameters.put("total_ms", totalMs);
            R response = encode.apply(new Answer(def.name(), served.modelVersion(), request, parameters,
                    Classification.apply(served.outputs(), request, def.classes())));
            metrics.served(tag, received);
            ended = "served";
            reason = null;
            return response;
        } catch (GatewayException e) {
            ended = e.drop() ? "dropped" : "failed";
            reason = e.reason();
            outcome = forLoad(e);
            metrics.failed(tag, e.reason(), received);
            throw e;
        } catch (TensorException e) {
            reason = "invalid-request";
            metrics.failed(tag, "invalid-request", received);
            throw e;
        } catch (RuntimeException e) {
            reason = "internal";
            metrics.failed(tag, "internal", received);
            throw e;
        } finally {
            if (permit != null) {
                permit.release(outcome);
            }
            traces.end(trace, tag, ended, reason);
        }
    }

    /** Whether a refusal says the application is past what it can answer: drops and time-outs do. */
    private static AdmissionLimit.Outcome forLoad(GatewayException e) {
        boolean missed = e.drop() || e.reason().equals("timeout") || e.reason().equals("bulkhead-full");
        return missed ? AdmissionLimit.Outcome.MISSED : AdmissionLimit.Outcome.NEUTRAL;
    }
}
