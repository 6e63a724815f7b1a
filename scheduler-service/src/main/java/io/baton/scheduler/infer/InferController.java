package io.baton.scheduler.infer;

import java.util.concurrent.CompletableFuture;

import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.web.ProblemHandler;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;

import io.baton.commons.trace.TraceParent;
import io.baton.scheduler.trace.RequestTimelines;
import io.swagger.v3.oas.annotations.Parameter;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

/**
 * The gateway's routes: one inference request for one variant, answered when its batch comes back (the servlet
 * thread is released while it waits), and an application's readiness.
 */
@RestController
public record InferController(DispatchService dispatch, RequestTimelines timelines) {

    @PostMapping("/internal/v1/infer")
    @Operation(operationId = "infer", summary = "One inference request, answered when its batch comes back; "
            + "dropped: 503 problem")
    @ApiResponse(responseCode = "200", description = "Served", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = InferResponse.class)))
    public CompletableFuture<ResponseEntity<Object>> infer(@RequestBody InferRequest body,
                                                           @Parameter(description = "W3C trace context of the "
                                                                   + "gateway's call; malformed: ignored")
                                                           @RequestHeader(value = TraceParent.HEADER,
                                                                   required = false) String traceparent) {
        DispatchService.Accepted accepted = InferCalls.submit(dispatch, timelines, TraceParent.parse(traceparent),
                body.application(), body.variant(),
                body.stage(), body.timeoutMs(), body.priority(), InferCalls.inputs(body.inputs()), body.outputs(),
                Boolean.TRUE.equals(body.binaryOutputs()), body.evidence());
        return accepted.answer().thenApply(outcome -> answer(accepted, outcome));
    }

    /** One request without a trace context (the scheduler's own warm-up calls). */
    public CompletableFuture<ResponseEntity<Object>> infer(InferRequest body) {
        return infer(body, null);
    }

    @GetMapping("/internal/v1/applications/{app}")
    @Operation(operationId = "applicationReadiness", summary = "An application's readiness, and each variant's")
    DispatchService.Readiness readiness(@PathVariable String app) {
        return dispatch.readiness(app);
    }

    private static ResponseEntity<Object> answer(DispatchService.Accepted accepted, InferOutcome outcome) {
        if (outcome instanceof InferOutcome.Served s) {
            return ResponseEntity.ok(new InferResponse(accepted.application(),
                    s.variant() != null ? s.variant() : accepted.variant().variant(),
                    s.digest(), s.workerId(), s.batchSize(), s.outputs(),
                    new InferResponse.Timing(s.queueMs(), s.executionMs(), s.totalMs())));
        }
        return ProblemHandler.of(InferCalls.refusal(outcome));
    }
}
