package io.baton.worker.api;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;

import io.baton.commons.trace.TraceParent;
import io.swagger.v3.oas.annotations.Parameter;
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
    BatchResponse run(@RequestBody BatchRequest request,
                      @Parameter(description = "W3C trace context of the batch's call (its head request's trace); "
                              + "the answer's timing names its trace id. Malformed: ignored.")
                      @RequestHeader(value = TraceParent.HEADER, required = false) String traceparent) {
        TraceParent parent = TraceParent.parse(traceparent);
        return runner.run(request).inTrace(parent == null ? null : parent.traceId());
    }
}
