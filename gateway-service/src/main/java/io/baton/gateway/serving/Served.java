package io.baton.gateway.serving;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.baton.commons.tensor.Tensor;

/**
 * What serving one request produced: the outputs under the client's names, the version to report as
 * {@code model_version} (null: none), and Baton's extras for the response's {@code parameters}.
 */
public record Served(List<Tensor> outputs, String modelVersion, Map<String, Object> parameters) {

    /**
     * The {@code parameters} every route answers first, in this order: who served the request and its times. For an
     * ensemble or a pipeline the names are comma-joined, one per model; the batch size keeps the type it came in
     * (a number for one call, the joined text for several), as clients read it.
     */
    static Map<String, Object> servedBy(String variant, String worker, Object batchSize, double queueMs,
                                        double executionMs, double schedulerMs) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("variant", variant);
        p.put("worker", worker);
        p.put("batch_size", batchSize);
        p.put("queue_ms", queueMs);
        p.put("execution_ms", executionMs);
        p.put("scheduler_ms", schedulerMs);
        return p;
    }
}
