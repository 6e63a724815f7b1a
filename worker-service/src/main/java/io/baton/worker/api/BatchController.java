package io.baton.worker.api;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;

import io.baton.worker.batch.BatchRequest;
import io.baton.worker.batch.BatchResponse;
import io.baton.worker.batch.BatchRunner;

/** {@code POST /internal/v1/batches}: runs one batch (the scheduler's dispatch). */
@RestController
record BatchController(BatchRunner runner) {

    @PostMapping("/internal/v1/batches")
    @Operation(operationId = "runBatch", summary = "Run one batch on a resident (or loaded on demand) model")
    BatchResponse run(@RequestBody BatchRequest request) {
        return runner.run(request);
    }
}
