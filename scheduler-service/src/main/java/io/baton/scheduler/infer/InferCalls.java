package io.baton.scheduler.infer;

import java.util.ArrayList;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import io.baton.core.domain.DropReason;
import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.dispatch.InferJob;
import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.dispatch.SchembleEngine;
import io.baton.commons.trace.TraceParent;
import io.baton.scheduler.trace.RequestTimelines;
import io.baton.scheduler.trace.RequestTrace;
import io.baton.scheduler.web.ApiException;
import io.baton.scheduler.web.ProblemHandler;

/**
 * What the gateway's inference calls read and answer alike, over HTTP (one variant, one ensemble query) and over gRPC
 * ({@link InferGrpcService}, {@link EnsembleGrpcService}): the application a call must name, the one submit of a call
 * for one variant and of an ensemble query, its
 * tensors as the dispatcher's inputs, its evidence, and the problems that answer a drop or a failure.
 */
final class InferCalls {

    private InferCalls() {
    }

    /** {@code application}, or a 400 problem naming the field when it is missing. */
    static String application(String application) {
        if (application == null || application.isBlank()) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "application: must be set").withField("application");
        }
        return application;
    }

    /**
     * One call for one variant, accepted or refused at once with an {@link ApiException} (404, 400, 409): the
     * dispatcher's {@link DispatchService#submit} with the call's defaults applied (priority 0).
     */
    static DispatchService.Accepted submit(DispatchService dispatch, String application, String variant, Integer stage,
                                           Double timeoutMs, Integer priority, List<InferJob.Input> inputs,
                                           List<String> outputs, boolean binaryOutputs, List<Double> evidence) {
        return submit(dispatch, RequestTimelines.off(), null, application, variant, stage, timeoutMs, priority, inputs,
                outputs, binaryOutputs, evidence);
    }

    /**
     * The same, for a call that carried the trace context {@code parent} (null: none): its request's stamps are kept
     * by {@code timelines} once it is answered.
     */
    static DispatchService.Accepted submit(DispatchService dispatch, RequestTimelines timelines, TraceParent parent,
                                           String application, String variant, Integer stage, Double timeoutMs,
                                           Integer priority, List<InferJob.Input> inputs, List<String> outputs,
                                           boolean binaryOutputs, List<Double> evidence) {
        RequestTrace trace = timelines.start(parent, application);
        DispatchService.Accepted accepted = dispatch.submit(application(application), variant, stage, timeoutMs,
                priority == null ? 0 : priority, inputs, outputs, binaryOutputs, evidence(evidence), trace);
        timelines.holdWhenAnswered(trace, accepted.answer());
        return accepted;
    }

    /**
     * One Schemble ensemble query, accepted or refused at once as {@link DispatchService#submitEnsemble} says, for a
     * call that carried the trace context {@code parent} (null: none): its members' batches are kept by
     * {@code timelines} once it is answered, as a request's batch is.
     */
    static SchembleEngine.Query submitEnsemble(DispatchService dispatch, RequestTimelines timelines, TraceParent parent,
                                               String application, Double timeoutMs, int priority, Double difficulty,
                                               List<DispatchService.MemberCall> members, boolean binaryOutputs) {
        RequestTrace trace = timelines.start(parent, application);
        SchembleEngine.Query query = dispatch.submitEnsemble(application, timeoutMs, priority, difficulty, members,
                binaryOutputs, trace);
        timelines.holdWhenAnswered(trace, query.answer().thenApply(SchembleEngine.Outcome::asRequestOutcome));
        return query;
    }

    /** SneakPeek's evidence as counts, or a 400 problem naming the first that is not a count >= 0; null: none. */
    static double[] evidence(List<Double> evidence) {
        if (evidence == null) return null;
        double[] e = new double[evidence.size()];
        for (int i = 0; i < e.length; i++) {
            Double v = evidence.get(i);
            if (v == null || !(v >= 0) || v.isInfinite()) {
                throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "evidence[" + i + "]: must be a count >= 0, got "
                        + v).withField("evidence[" + i + "]");
            }
            e[i] = v;
        }
        return e;
    }

    /** The tensors as the dispatcher checks them (a null tensor stays null, for the check to name its index). */
    static List<InferJob.Input> inputs(List<InferRequest.Tensor> tensors) {
        if (tensors == null) {
            return null;
        }
        List<InferJob.Input> inputs = new ArrayList<>(tensors.size());
        for (InferRequest.Tensor t : tensors) {
            inputs.add(t == null ? null : new InferJob.Input(t.name(), t.datatype(), t.shape(), t.data(), t.base64()));
        }
        return inputs;
    }

    /** A request the policy dropped: 503, so that the client may try again, with the reason's name. */
    static ResponseEntity<Object> dropped(DropReason reason) {
        return ProblemHandler.of(droppedProblem(reason));
    }

    /** A request no worker answered: 502 with what happened. */
    static ResponseEntity<Object> failed(String detail) {
        return ProblemHandler.of(failedProblem(detail));
    }

    /**
     * Why a served ensemble query is a failure after all: every base model it ran on failed (the answer would hold no
     * output to aggregate); null when at least one has outputs.
     */
    static String everyMemberFailed(SchembleEngine.Served served) {
        if (!served.ran().stream().allMatch(r -> r.failure() != null)) return null;
        StringBuilder why = new StringBuilder("every base model it ran on failed:");
        served.ran().forEach(r -> why.append(' ').append(r.variant()).append(" (").append(r.failure()).append(')'));
        return why.toString();
    }

    /** The refusal that answers an outcome other than {@link InferOutcome.Served}. */
    static ApiException refusal(InferOutcome outcome) {
        if (outcome instanceof InferOutcome.Dropped d) {
            return droppedProblem(d.reason());
        }
        return failedProblem(((InferOutcome.Failed) outcome).detail());
    }

    static ApiException droppedProblem(DropReason reason) {
        return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, "dropped", "request dropped: " + reason.message())
                .with("reason", reason.name());
    }

    static ApiException failedProblem(String detail) {
        return new ApiException(HttpStatus.BAD_GATEWAY, "worker-failed", detail);
    }
}
