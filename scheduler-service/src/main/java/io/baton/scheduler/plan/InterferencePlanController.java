package io.baton.scheduler.plan;

import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;

import io.baton.core.interference.InterferenceDispatcher;
import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.web.ApiException;

/** {@code GET /v1/interference/plan}: the allocation the live interference policy routes with now. */
@RestController
record InterferencePlanController(DispatchService dispatch) {

    @GetMapping("/v1/interference/plan")
    @Operation(operationId = "interferencePlan", summary = "The live interference policy's plan (one per engine: "
            + "interference, interference-off): the allocation ratio of each application variant (row) on each worker "
            + "(column), the rates and per-worker solo latencies it was planned for, each worker's learned speed, and "
            + "the goal's score in the planner's simulation; 404 until an application with policy interference was served")
    List<InterferenceDispatcher.PlanView> plan() {
        List<InterferenceDispatcher.PlanView> plans = dispatch.interferencePlans();
        if (plans.isEmpty()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "no-plan", "no live interference plan yet: the policy plans "
                    + "once a request of an application with policy interference (or interference-off) arrives while a "
                    + "worker is live");
        }
        return plans;
    }
}
