package io.baton.scheduler.dispatch;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.core.domain.DropReason;

/** How a request ended: served (with its slice of the outputs), dropped by the policy, or failed on the workers. */
public sealed interface InferOutcome {

    /**
     * @param outputs     this request's outputs: {@code {name, datatype, shape, data|base64}} each
     * @param batchSize   rows in the batch it ran in
     * @param queueMs     from receipt to the batch being sent
     * @param executionMs ONNX Runtime's time for the whole batch on the worker
     * @param totalMs     from receipt to the answer
     * @param onTime      finished by its deadline
     * @param variant     the variant that ran, when the policy chose it (SneakPeek); null: the one accepted
     * @param path        what its batch cost outside the queue, when the engine measured it; null otherwise
     */
    record Served(List<JsonNode> outputs, String workerId, String digest, int batchSize, double queueMs,
                  double executionMs, double totalMs, boolean onTime, String variant, BatchPath path)
            implements InferOutcome {

        public Served(List<JsonNode> outputs, String workerId, String digest, int batchSize, double queueMs,
                      double executionMs, double totalMs, boolean onTime, String variant) {
            this(outputs, workerId, digest, batchSize, queueMs, executionMs, totalMs, onTime, variant, null);
        }

        public Served(List<JsonNode> outputs, String workerId, String digest, int batchSize, double queueMs,
                      double executionMs, double totalMs, boolean onTime) {
            this(outputs, workerId, digest, batchSize, queueMs, executionMs, totalMs, onTime, null);
        }
    }

    record Dropped(DropReason reason) implements InferOutcome {
    }

    /** Every attempt on a worker failed, or no answer came in time; {@code detail} says what happened. */
    record Failed(String detail) implements InferOutcome {
    }
}
