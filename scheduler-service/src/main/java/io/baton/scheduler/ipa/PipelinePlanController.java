package io.baton.scheduler.ipa;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;

import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.web.ApiException;

/** {@code GET /v1/pipelines/{app}/plan}: the configuration IPA's live planner runs a pipeline with. */
@RestController
record PipelinePlanController(DispatchService dispatch) {

    @GetMapping("/v1/pipelines/{app}/plan")
    @Operation(operationId = "pipelinePlan", summary = "IPA's live plan of a pipeline with policy ipa: per stage the "
            + "variant, batch size and replicas, with the forecast rate it was made for; 404 until a request was planned")
    LivePipelinePlanner.LivePlan plan(@PathVariable String app) {
        return dispatch.pipelinePlan(app).orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "no-plan",
                "no live plan for '" + app + "' yet: IPA plans a pipeline with policy ipa on its first request that "
                        + "names a stage rather than a variant"));
    }
}
