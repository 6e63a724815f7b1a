package io.baton.scheduler.infer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.grpc.TraceContextInterceptor;
import io.baton.core.util.InFlightBytes;
import io.baton.internal.grpc.EnsembleMemberCall;
import io.baton.internal.grpc.EnsembleMemberServed;
import io.baton.internal.grpc.EnsembleQueryAnswer;
import io.baton.internal.grpc.EnsembleQueryCall;
import io.baton.internal.grpc.EnsembleServed;
import io.baton.internal.grpc.Refusal;
import io.baton.internal.grpc.SchedulerEnsemblesGrpc;
import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.dispatch.SchembleEngine;
import io.baton.scheduler.trace.RequestTimelines;
import io.baton.scheduler.web.ApiException;
import io.grpc.stub.StreamObserver;
import org.springframework.http.HttpStatus;

/**
 * {@code SchedulerEnsembles.Query}: {@code POST /internal/v1/ensemble-queries} in binary. Every base model's tensors
 * arrive as raw bytes and reach its worker's batch untouched; the outputs of the base models that ran go back as raw
 * bytes. Refusals, the leader check and the budget for bodies in flight are those of every intake call
 * ({@link GrpcIntakeCall}), with the HTTP route's statuses and problem bodies; a call with {@code traceparent}
 * metadata gets a timeline as over HTTP.
 */
public final class EnsembleGrpcService extends SchedulerEnsemblesGrpc.SchedulerEnsemblesImplBase {

    private final DispatchService dispatch;
    private final GrpcIntakeCall intake;
    private final RequestTimelines timelines;

    /**
     * @param timelines where a call's trace (its {@code traceparent} metadata) is kept once it is answered
     * @param offLoop   where queries are submitted: a query may read the ensemble's profile from the registry
     */
    public EnsembleGrpcService(DispatchService dispatch, io.baton.scheduler.leader.LeaderElection election,
                               InFlightBytes budget, ObjectMapper json, RequestTimelines timelines, Executor offLoop) {
        this.dispatch = dispatch;
        this.intake = new GrpcIntakeCall(election, budget, json, offLoop);
        this.timelines = timelines;
    }

    @Override
    public void query(EnsembleQueryCall call, StreamObserver<EnsembleQueryAnswer> answers) {
        intake.serve(answers, call.getSerializedSize(), EnsembleGrpcService::refused, false, () -> {
            String application = InferCalls.application(call.getApplication());
            if (call.getMembersCount() == 0) {
                throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "members: must hold one part per base "
                        + "model").withField("members");
            }
            List<DispatchService.MemberCall> members = new ArrayList<>(call.getMembersCount());
            for (EnsembleMemberCall m : call.getMembersList()) {
                members.add(new DispatchService.MemberCall(m.getVariant().isEmpty() ? null : m.getVariant(),
                        InferGrpcService.inputs(m.getInputsList()),
                        m.getOutputsCount() == 0 ? null : List.copyOf(m.getOutputsList())));
            }
            SchembleEngine.Query query = InferCalls.submitEnsemble(dispatch, timelines,
                    TraceContextInterceptor.current(), application, call.getTimeoutMs() > 0 ? call.getTimeoutMs() : null,
                    call.getPriority(), call.hasDifficulty() ? call.getDifficulty() : null, members, true);
            return query.answer().thenApply(outcome -> answer(application, outcome));
        });
    }

    private EnsembleQueryAnswer answer(String application, SchembleEngine.Outcome outcome) {
        if (outcome instanceof SchembleEngine.Dropped d) {
            return refused(intake.refusal(InferCalls.droppedProblem(d.reason())));
        }
        if (outcome instanceof SchembleEngine.Failed f) {
            return refused(intake.refusal(InferCalls.failedProblem(f.detail())));
        }
        SchembleEngine.Served s = (SchembleEngine.Served) outcome;
        String allFailed = InferCalls.everyMemberFailed(s);
        if (allFailed != null) {
            return refused(intake.refusal(InferCalls.failedProblem(allFailed)));
        }
        EnsembleServed.Builder served = EnsembleServed.newBuilder().setApplication(application).setBin(s.bin())
                .setPlannedUtility(s.plannedUtility()).addAllSkipped(s.skipped()).setTotalMs(s.totalMs());
        for (SchembleEngine.MemberResult r : s.ran()) {
            EnsembleMemberServed.Builder m = EnsembleMemberServed.newBuilder().setVariant(r.variant())
                    .setDigest(r.digest() == null ? "" : r.digest()).setWorkerId(r.workerId() == null ? "" : r.workerId())
                    .setBatchSize(1).setQueueMs(r.queueMs()).setExecutionMs(r.executionMs());
            if (r.failure() != null) {
                m.setFailure(r.failure());
            } else {
                for (JsonNode o : r.outputs()) m.addOutputs(InferGrpcService.output(o));
            }
            served.addMembers(m);
        }
        return EnsembleQueryAnswer.newBuilder().setServed(served).build();
    }

    private static EnsembleQueryAnswer refused(Refusal refusal) {
        return EnsembleQueryAnswer.newBuilder().setRefusal(refusal).build();
    }
}
