package io.baton.worker.api;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import io.baton.worker.batch.BatchRequest;
import io.baton.worker.batch.BatchResponse;
import io.baton.worker.batch.BatchRunner;

/** {@code POST /internal/v1/batches}: runs one batch (the scheduler's dispatch). */
@RestController
class BatchController {

    private final BatchRunner runner;

    BatchController(BatchRunner runner) {
        this.runner = runner;
    }

    @PostMapping("/internal/v1/batches")
    BatchResponse run(@RequestBody BatchRequest request) {
        return runner.run(request);
    }
}
