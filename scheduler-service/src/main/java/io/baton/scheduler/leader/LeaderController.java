package io.baton.scheduler.leader;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;

/** {@code GET /internal/v1/leader}: whether this scheduler leads, and who does. */
@RestController
record LeaderController(LeaderElection election) {

    @GetMapping("/internal/v1/leader")
    @Operation(operationId = "leader", summary = "This scheduler's view of the leadership: whether it leads, the "
            + "leader's id and URL, the lease's epoch")
    LeaderState leader() {
        return election.state();
    }
}
