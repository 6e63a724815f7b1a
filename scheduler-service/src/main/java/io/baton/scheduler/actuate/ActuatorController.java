package io.baton.scheduler.actuate;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;

import io.baton.scheduler.web.ApiException;

/**
 * The actuator over HTTP: its state ({@code GET /v1/actuator/state}), a pool scaled by hand
 * ({@code PUT /v1/actuator/pools/{pool}}) and an IPA plan applied ({@code POST /v1/plans/ipa/apply}). Scalings
 * refused by the cooldown or failed by the actuator are answered 200 with that outcome: the request was valid, and
 * the action says what happened.
 */
@RestController
public record ActuatorController(ScalingService scaling, EpochAutoscaler autoscaler, IpaPlanApplier ipa) {

    /**
     * A pool scaled by hand.
     *
     * @param replicas the count wanted (clamped to the pool's bounds)
     * @param reason   why (recorded; on Kubernetes also the Deployment's {@code baton.io/scale-reason})
     */
    public record ScaleRequest(Integer replicas, String reason) {
    }

    @GetMapping("/v1/actuator/state")
    @Operation(operationId = "actuatorState", summary = "The actuator's pools (desired and current replicas, bounds, "
            + "cooldown, last error), the autoscaling epoch loop and the last scaling actions with their reasons")
    public ActuatorState state() {
        return new ActuatorState(scaling.actuator().kind(), scaling.cooldown().toNanos() / 1e6, scaling.pools(),
                new ActuatorState.AutoscaleState(autoscaler.enabled(), autoscaler.period().toNanos() / 1e6,
                        autoscaler.last().orElse(null)),
                scaling.history());
    }

    @PutMapping("/v1/actuator/pools/{pool}")
    @Operation(operationId = "scalePool", summary = "Scale a worker pool by hand (within its bounds, after its cooldown)")
    public ScalingAction scale(@PathVariable String pool, @RequestBody ScaleRequest request) {
        if (!scaling.actuator().pools().contains(pool)) {
            throw new ApiException(HttpStatus.NOT_FOUND, "unknown-pool", "unknown pool '" + pool + "': the "
                    + scaling.actuator().kind() + " actuator manages " + String.join(", ", scaling.actuator().pools()))
                    .withField("pool");
        }
        if (request.replicas() == null) {
            throw invalid("replicas is required", "replicas");
        }
        if (request.replicas() < 0) {
            throw invalid("replicas must be ≥ 0, got " + request.replicas(), "replicas");
        }
        String reason = request.reason() == null || request.reason().isBlank() ? "scaled by hand" : request.reason().strip();
        if (reason.length() > 1000) {
            throw invalid("reason must be at most 1000 characters, got " + reason.length(), "reason");
        }
        return scaling.apply(pool, request.replicas(), "manual", reason);
    }

    @PostMapping("/v1/plans/ipa/apply")
    @Operation(operationId = "applyIpaPlan", summary = "Plan with IPA (the body of POST /v1/plans/ipa) and scale each "
            + "stage's worker pool to the plan's replicas")
    public IpaPlanApplier.AppliedPlan applyIpa(@RequestBody(required = false) String body) {
        return ipa.apply(body);
    }

    private static ApiException invalid(String detail, String field) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", detail).withField(field);
    }
}
