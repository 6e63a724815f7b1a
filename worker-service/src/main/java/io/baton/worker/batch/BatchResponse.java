package io.baton.worker.batch;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.swagger.v3.oas.annotations.media.Schema;

import io.baton.worker.cache.LoadReport;

/**
 * Answer of {@code POST /internal/v1/batches}.
 *
 * @param variant   the digest that ran
 * @param deviceId  the device it ran on
 * @param batchSize rows in the concatenated batch; 1 for a request that is not batched
 * @param outputs   the outputs, each whole and split back into the request's parts (whole, one part, when the
 *                  request is not batched)
 * @param timing    where the time went
 * @param load      the load this batch had to wait for (with what it evicted); absent when the model was resident
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BatchResponse(String variant, String deviceId, long batchSize, List<OutputTensor> outputs,
                            Timing timing, LoadReport load) {

    /**
     * @param name     output name in the model
     * @param datatype its element type
     * @param shape    shape of the whole output
     * @param split    true when the output has the batch on axis 0 and {@code parts} follow the request's parts;
     *                 false when it does not, or the request is not batched (then {@code parts} holds the whole
     *                 output once)
     * @param parts    the output's slices
     */
    public record OutputTensor(String name, String datatype, List<Long> shape, boolean split, List<OutputPart> parts) {
    }

    /**
     * A slice of an output: {@code data} is a JSON array (flat, row-major; strings for BYTES, true/false for BOOL), or
     * {@code base64} of little-endian bytes (for BYTES, each element a 4-byte little-endian length then its bytes).
     * Held as the bytes themselves: JSON writes them as base64 text, the binary route sends them as they are.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record OutputPart(List<Long> shape, Object data,
                             @Schema(type = "string")
                             byte[] base64) {
    }

    /**
     * @param executionNs time ONNX Runtime's {@code run} took on this batch, in nanoseconds
     * @param executionMs the same, in milliseconds
     * @param queueMs     time the batch waited for the device (another batch was running)
     * @param loadMs      time the batch waited for its model to become resident (0 when it was)
     * @param totalMs     time from receiving the request to having the outputs, inside the worker
     * @param executionStartMs when, from receiving the request, the batch began to wait for the device (what the
     *                    request's trace calls execution: the device wait and the run)
     * @param executionEndMs   when, from receiving the request, ONNX Runtime's run ended
     * @param traceId     the trace id of the {@code traceparent} the call carried; absent when it carried none
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Timing(long executionNs, double executionMs, double queueMs, double loadMs, double totalMs,
                         Double executionStartMs, Double executionEndMs, String traceId) {

        public Timing(long executionNs, double executionMs, double queueMs, double loadMs, double totalMs) {
            this(executionNs, executionMs, queueMs, loadMs, totalMs, null, null, null);
        }
    }

    /** The same answer, naming the trace its call carried (null: none). */
    public BatchResponse inTrace(String traceId) {
        if (traceId == null || timing == null) return this;
        Timing t = timing;
        return new BatchResponse(variant, deviceId, batchSize, outputs, new Timing(t.executionNs(), t.executionMs(),
                t.queueMs(), t.loadMs(), t.totalMs(), t.executionStartMs(), t.executionEndMs(), traceId), load);
    }
}
