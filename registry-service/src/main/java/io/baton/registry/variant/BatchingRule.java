package io.baton.registry.variant;

import java.util.List;

import io.baton.registry.tensor.TensorSpec;
import io.baton.registry.web.ApiException;

/**
 * Whether a variant batches along axis 0, as Triton's {@code max_batch_size} says it: 0 means each request runs
 * alone with its tensors passed as sent (any rank); N ≥ 1 means batches of up to N rows, which needs every input and
 * output to have rank ≥ 1 and a free (-1) first dimension. Left out, it is derived from the tensors.
 */
public final class BatchingRule {

    /** What a batchable variant gets when it says nothing: the profiler's default largest batch. */
    public static final int DEFAULT_MAX_BATCH_SIZE = 64;
    /** The largest batch a variant may declare (the profiler's own bound on a batch size). */
    public static final int MAX_BATCH_SIZE = 4096;

    private BatchingRule() {
    }

    /** {@link #DEFAULT_MAX_BATCH_SIZE} when every tensor has a free first dimension, else 0. */
    public static int derived(List<TensorSpec> inputs, List<TensorSpec> outputs) {
        return firstFixed(inputs) == null && firstFixed(outputs) == null ? DEFAULT_MAX_BATCH_SIZE : 0;
    }

    /** The effective value: the declared one when it fits the tensors (422 naming the field otherwise), else derived. */
    public static int effective(Integer declared, List<TensorSpec> inputs, List<TensorSpec> outputs) {
        if (declared == null) return derived(inputs, outputs);
        if (declared < 0 || declared > MAX_BATCH_SIZE) {
            throw ApiException.unprocessable("maxBatchSize", "maxBatchSize must be in [0, " + MAX_BATCH_SIZE
                    + "] (0: the model does not batch along its first axis), not " + declared);
        }
        if (declared > 0) {
            requireBatchable("inputs", inputs, declared);
            requireBatchable("outputs", outputs, declared);
        }
        return declared;
    }

    private static void requireBatchable(String field, List<TensorSpec> specs, int declared) {
        Integer at = firstFixed(specs);
        if (at == null) return;
        TensorSpec t = specs.get(at);
        String why = t.rank() == 0 ? "is a scalar (rank 0): it has no dimension 0 to batch along"
                : "fixes dimension 0 to " + t.shape().get(0) + ": batching needs it free (-1)";
        throw ApiException.unprocessable("maxBatchSize", "maxBatchSize " + declared + " batches along dimension 0, but "
                + field + "[" + at + "] " + t.name() + " " + t.shape() + " " + why + "; declare maxBatchSize 0 to run "
                + "each request alone");
    }

    /** The position of the first tensor of rank 0 or with a fixed first dimension, or null. */
    private static Integer firstFixed(List<TensorSpec> specs) {
        for (int i = 0; i < specs.size(); i++) {
            TensorSpec t = specs.get(i);
            if (t.rank() == 0 || t.shape().get(0) >= 0) return i;
        }
        return null;
    }
}
