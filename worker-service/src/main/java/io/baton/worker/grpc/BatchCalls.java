package io.baton.worker.grpc;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.UnsafeByteOperations;

import io.baton.internal.grpc.BatchCall;
import io.baton.internal.grpc.BatchInput;
import io.baton.internal.grpc.BatchOutput;
import io.baton.internal.grpc.BatchResult;
import io.baton.internal.grpc.BatchTiming;
import io.baton.internal.grpc.Part;
import io.baton.worker.batch.BatchRequest;
import io.baton.worker.batch.BatchResponse;
import io.baton.worker.batch.TensorPart;

/**
 * The binary route's messages as the batch runner's own request and answer, so that both routes run one code path:
 * a part's bytes are handed over as they came (never base64), and the answer's bytes go out as they are. Proto3 has
 * no absent string, so an empty one is taken as absent and is refused with the same words as over HTTP.
 */
final class BatchCalls {

    private BatchCalls() {
    }

    static BatchRequest request(BatchCall call) {
        List<BatchRequest.InputTensor> inputs = new ArrayList<>(call.getInputsCount());
        for (BatchInput input : call.getInputsList()) {
            List<TensorPart> parts = new ArrayList<>(input.getPartsCount());
            for (Part part : input.getPartsList()) {
                parts.add(TensorPart.raw(part.getShapeList(), part.getData().toByteArray()));
            }
            inputs.add(new BatchRequest.InputTensor(absentIfEmpty(input.getName()), absentIfEmpty(input.getDatatype()),
                    parts));
        }
        return new BatchRequest(absentIfEmpty(call.getVariant()), inputs,
                call.getOutputsCount() == 0 ? null : call.getOutputsList(), true,
                call.getTimeoutMs() == 0 ? null : call.getTimeoutMs(), call.getNotBatched() ? Boolean.FALSE : null);
    }

    static BatchResult result(BatchResponse response) {
        BatchResult.Builder result = BatchResult.newBuilder().setVariant(response.variant())
                .setDeviceId(response.deviceId()).setBatchSize(response.batchSize());
        for (BatchResponse.OutputTensor output : response.outputs()) {
            BatchOutput.Builder out = result.addOutputsBuilder().setName(output.name())
                    .setDatatype(output.datatype()).addAllShape(output.shape()).setSplit(output.split());
            for (BatchResponse.OutputPart part : output.parts()) {
                if (part.base64() == null) {
                    throw new IllegalStateException("output '" + output.name() + "' was encoded as JSON on the "
                            + "binary route");
                }
                // the part's array is the runner's own copy, written once and never changed: no second copy
                out.addParts(Part.newBuilder().addAllShape(part.shape())
                        .setData(UnsafeByteOperations.unsafeWrap(part.base64())));
            }
        }
        BatchResponse.Timing t = response.timing();
        result.setTiming(BatchTiming.newBuilder().setExecutionNs(t.executionNs()).setExecutionMs(t.executionMs())
                .setQueueMs(t.queueMs()).setLoadMs(t.loadMs()).setTotalMs(t.totalMs()));
        if (t.executionStartMs() != null) result.getTimingBuilder().setExecutionStartMs(t.executionStartMs());
        if (t.executionEndMs() != null) result.getTimingBuilder().setExecutionEndMs(t.executionEndMs());
        if (t.traceId() != null) result.getTimingBuilder().setTraceId(t.traceId());
        return result.build();
    }

    private static String absentIfEmpty(String s) {
        return s.isEmpty() ? null : s;
    }
}
