package io.baton.worker.grpc;

import io.baton.commons.grpc.TraceContextInterceptor;
import io.baton.commons.trace.TraceParent;

import io.baton.internal.grpc.BatchAnswer;
import io.baton.internal.grpc.BatchCall;
import io.baton.internal.grpc.WorkerBatchesGrpc;
import io.baton.worker.batch.BatchRunner;
import io.grpc.stub.StreamObserver;

/**
 * {@code baton.internal.v1.WorkerBatches/Run}: one batch through the same {@link BatchRunner} as
 * {@code POST /internal/v1/batches} (the same checks, deadline and cancellation), answered with its result or with
 * the refusal that route would have answered.
 */
final class WorkerBatchesService extends WorkerBatchesGrpc.WorkerBatchesImplBase {

    private final BatchRunner runner;
    private final BatchRefusals refusals;

    WorkerBatchesService(BatchRunner runner, BatchRefusals refusals) {
        this.runner = runner;
        this.refusals = refusals;
    }

    @Override
    public void run(BatchCall call, StreamObserver<BatchAnswer> answer) {
        BatchAnswer outcome;
        try {
            TraceParent parent = TraceContextInterceptor.current();
            outcome = BatchAnswer.newBuilder().setResult(BatchCalls.result(runner.run(BatchCalls.request(call))
                    .inTrace(parent == null ? null : parent.traceId()))).build();
        } catch (RuntimeException failure) {
            outcome = BatchAnswer.newBuilder().setRefusal(refusals.of(failure)).build();
        }
        answer.onNext(outcome);
        answer.onCompleted();
    }
}
