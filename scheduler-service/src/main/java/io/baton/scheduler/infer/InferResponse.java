package io.baton.scheduler.infer;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Answer of {@code POST /internal/v1/infer}: this request's outputs and where its time went.
 *
 * @param batchSize rows in the batch it ran in
 * @param outputs   {@code {name, datatype, shape, data}} each ({@code base64} instead of {@code data} when asked)
 */
public record InferResponse(String application, String variant, String variantDigest, String workerId, int batchSize,
                            List<JsonNode> outputs, Timing timing) {

    /**
     * @param queueMs     receipt to the batch being sent to the worker
     * @param executionMs the worker's ONNX Runtime time for the whole batch
     * @param totalMs     receipt to answer, inside the scheduler
     */
    public record Timing(double queueMs, double executionMs, double totalMs) {
    }
}
