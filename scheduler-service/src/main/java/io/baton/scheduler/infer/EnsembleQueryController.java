package io.baton.scheduler.infer;

import io.baton.commons.trace.TraceParent;
import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.dispatch.SchembleEngine;
import io.baton.scheduler.trace.RequestTimelines;
import io.baton.scheduler.web.ApiException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Schemble's query-level route: the gateway sends one call per query of a schemble ensemble, with every base model's
 * inputs; the answer carries the outputs of the base models that ran it (the gateway aggregates them). A call with a
 * {@code traceparent} header gets a timeline, its base models' batches as spans.
 */
@RestController
record EnsembleQueryController(DispatchService dispatch, RequestTimelines timelines) {

    @PostMapping("/internal/v1/ensemble-queries")
    @Operation(operationId = "ensembleQuery", summary = "One query of an ensemble with policy schemble, answered with "
            + "the outputs of the base models Schemble ran it on; dropped: 503 problem with the reason")
    @ApiResponse(responseCode = "200", description = "Served", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = EnsembleQueryResponse.class)))
    CompletableFuture<ResponseEntity<Object>> query(@RequestBody EnsembleQueryRequest body,
                                                    @Parameter(description = "W3C trace context of the gateway's "
                                                            + "call; malformed: ignored")
                                                    @RequestHeader(value = TraceParent.HEADER, required = false)
                                                    String traceparent) {
        String application = InferCalls.application(body.application());
        if (body.members() == null || body.members().isEmpty()) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", "members: must hold one part per base model")
                    .withField("members");
        }
        List<DispatchService.MemberCall> members = new ArrayList<>(body.members().size());
        for (EnsembleQueryRequest.Member m : body.members()) {
            if (m == null) {
                members.add(null);
                continue;
            }
            members.add(new DispatchService.MemberCall(m.variant(), InferCalls.inputs(m.inputs()), m.outputs()));
        }
        SchembleEngine.Query query = InferCalls.submitEnsemble(dispatch, timelines, TraceParent.parse(traceparent),
                application, body.timeoutMs(), body.priority() == null ? 0 : body.priority(), body.difficulty(),
                members, Boolean.TRUE.equals(body.binaryOutputs()));
        return query.answer().thenApply(outcome -> answer(application, outcome));
    }

    private static ResponseEntity<Object> answer(String application, SchembleEngine.Outcome outcome) {
        if (outcome instanceof SchembleEngine.Dropped d) {
            return InferCalls.dropped(d.reason());
        }
        if (outcome instanceof SchembleEngine.Failed f) {
            return InferCalls.failed(f.detail());
        }
        SchembleEngine.Served s = (SchembleEngine.Served) outcome;
        String allFailed = InferCalls.everyMemberFailed(s);
        if (allFailed != null) {
            return InferCalls.failed(allFailed);
        }
        List<EnsembleQueryResponse.Member> members = new ArrayList<>(s.ran().size());
        for (SchembleEngine.MemberResult r : s.ran()) {
            members.add(new EnsembleQueryResponse.Member(r.variant(), r.digest(), r.workerId(), 1, r.outputs(),
                    r.failure(), new InferResponse.Timing(r.queueMs(), r.executionMs(), s.totalMs())));
        }
        return ResponseEntity.ok(new EnsembleQueryResponse(application, s.bin(), s.plannedUtility(), members, s.skipped(),
                new EnsembleQueryResponse.Timing(s.totalMs())));
    }
}
