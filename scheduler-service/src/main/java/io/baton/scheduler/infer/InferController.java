package io.baton.scheduler.infer;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.web.ApiException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
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
public record InferController(DispatchService dispatch) {

    @PostMapping("/internal/v1/infer")
    @Operation(operationId = "infer", summary = "One inference request, answered when its batch comes back; "
            + "dropped: 503 problem")
    @ApiResponse(responseCode = "200", description = "Served", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = InferResponse.class)))
    public CompletableFuture<ResponseEntity<Object>> infer(@RequestBody InferRequest body) {
        DispatchService.Accepted accepted = dispatch.submit(InferCalls.application(body.application()), body.variant(),
                body.stage(), body.timeoutMs(), body.priority() == null ? 0 : body.priority(),
                InferCalls.inputs(body.inputs()), body.outputs(), Boolean.TRUE.equals(body.binaryOutputs()),
                evidence(body.evidence()));
        return accepted.answer().thenApply(outcome -> answer(accepted, outcome));
    }

    @GetMapping("/internal/v1/applications/{app}")
    @Operation(operationId = "applicationReadiness", summary = "An application's readiness, and each variant's")
    DispatchService.Readiness readiness(@PathVariable String app) {
        return dispatch.readiness(app);
    }

    private static double[] evidence(List<Double> evidence) {
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

    private static ResponseEntity<Object> answer(DispatchService.Accepted accepted, InferOutcome outcome) {
        if (outcome instanceof InferOutcome.Served s) {
            return ResponseEntity.ok(new InferResponse(accepted.application(),
                    s.variant() != null ? s.variant() : accepted.variant().variant(),
                    s.digest(), s.workerId(), s.batchSize(), s.outputs(),
                    new InferResponse.Timing(s.queueMs(), s.executionMs(), s.totalMs())));
        }
        if (outcome instanceof InferOutcome.Dropped d) {
            return InferCalls.dropped(d.reason());
        }
        return InferCalls.failed(((InferOutcome.Failed) outcome).detail());
    }
}
