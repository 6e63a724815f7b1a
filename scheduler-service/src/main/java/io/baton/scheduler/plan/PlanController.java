package io.baton.scheduler.plan;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;

import io.baton.core.plan.Plans;
import io.baton.scheduler.web.ApiException;

/**
 * {@code POST /v1/plans/{policy}}: the body is planned by scheduling-core's {@link Plans}, the very call
 * {@code baton plan <policy>} makes, and its line is returned as it stands, so the service and the CLI always
 * agree. Bad input is a 400 whose detail is the CLI's message; an unknown policy is a 404.
 */
@RestController
public class PlanController {

    @PostMapping(path = "/v1/plans/{policy}", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "plan", summary = "Plan with a scheduling-core policy: the body and the answer are "
            + "those of `baton plan <policy>`")
    public ResponseEntity<String> plan(@PathVariable String policy, @RequestBody(required = false) String body) {
        if (!Plans.knows(policy)) {
            throw new ApiException(HttpStatus.NOT_FOUND, "unknown-policy",
                    "unknown policy '" + policy + "': one of " + String.join(", ", Plans.POLICIES));
        }
        String plan = Plans.plan(policy, body == null ? "" : body);
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(plan);
    }
}
