package io.baton.gateway.oip;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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
import io.baton.gateway.serving.Futures;
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
        Attempt a = new Attempt(trace, received);
        try (GatewayTrace.Scope scope = trace.enter()) {
            a.admit(app, version, arrival);
            return a.served(service.infer(a.def, a.version, a.request.inputs(), a.request.outputNames(),
                    a.request.timeoutUs(), a.request.priority(), received), encode);
        } catch (RuntimeException e) {
            throw a.failed(e);
        } finally {
            a.end();
        }
    }

    /**
     * The same, without waiting for the scheduler where the request is one call to it
     * ({@link InferenceService#oneSchedulerCall}): admission, reading and checking happen here, and the answer is
     * encoded, counted and its permit given back where the scheduler's answer is read; the future completes with the
     * response, or exceptionally with what {@link #infer} would throw. The caller's thread is free while the
     * request is at the scheduler. An ensemble or a pipeline is served on the calling thread.
     */
    public <R> CompletableFuture<R> inferAsync(String app, String version, long received, GatewayTrace trace,
                                               Arrival<RuntimeException> arrival, Function<Answer, R> encode) {
        Attempt a = new Attempt(trace, received);
        CompletableFuture<Served> served;
        try (GatewayTrace.Scope scope = trace.enter()) {
            a.admit(app, version, arrival);
            served = service.inferAsync(a.def, a.version, a.request.inputs(), a.request.outputNames(),
                    a.request.timeoutUs(), a.request.priority(), received);
        } catch (RuntimeException e) {
            RuntimeException refused = a.failed(e);
            a.end();
            return CompletableFuture.failedFuture(refused);
        }
        return served.handle((answer, failure) -> {
            try {
                if (failure != null) throw Futures.failure(failure);
                return a.served(answer, encode);
            } catch (RuntimeException e) {
                throw a.failed(e);
            } finally {
                a.end();
            }
        });
    }

    /** One request from admission to its end: what it holds, and how it is counted however it ends. */
    private final class Attempt {
        private final GatewayTrace trace;
        private final long received;
        private String tag = InferenceMetrics.UNKNOWN;
        private AdmissionControl.Permit permit;
        private AdmissionLimit.Outcome outcome = AdmissionLimit.Outcome.NEUTRAL;
        private String ended = "failed";
        private String reason = "unanswered";
        private ApplicationDefinition def;
        private VariantDefinition version;
        private OipRequest request;

        Attempt(GatewayTrace trace, long received) {
            this.trace = trace;
            this.received = received;
        }

        <X extends Exception> void admit(String app, String versionName, Arrival<X> arrival) throws X {
            def = service.application(app);
            tag = def.name();
            Supplier<OipRequest> reader = arrival.receive(def);
            // only once the request is in: a permit is held by requests the gateway can work on, never by a client
            // still sending
            permit = admission.admit(def.name(), def.sloMs());
            trace.stamp(GatewayTrace.ADMISSION, received);
            version = InferenceService.version(def, versionName);
            request = reader.get();
            trace.requestId(request.id());
            Classification.check(request, InferenceService.outputSpecs(def, version));
        }

        <R> R served(Served served, Function<Answer, R> encode) {
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
        }

        /** Counts the failure and gives it back to be thrown. */
        RuntimeException failed(RuntimeException e) {
            if (e instanceof GatewayException g) {
                ended = g.drop() ? "dropped" : "failed";
                reason = g.reason();
                outcome = forLoad(g);
                metrics.failed(tag, g.reason(), received);
            } else if (e instanceof TensorException) {
                reason = "invalid-request";
                metrics.failed(tag, "invalid-request", received);
            } else {
                reason = "internal";
                metrics.failed(tag, "internal", received);
            }
            return e;
        }

        void end() {
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
