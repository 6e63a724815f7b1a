package io.baton.gateway.serving;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.commons.tensor.TensorSpec;

/**
 * Checks a request's inputs against the input specs of the application (or variant) it is for: every input given
 * once and no other, the same datatype, the same rank (0 for a scalar the spec declares so), every fixed dimension
 * equal (-1 is free). For a request that is batched ({@link BatchRule}), also the first dimension (the batch) at
 * least 1, the same for every input (scalars aside), and no more rows than the variants take at once; a request for
 * non-batching variants is passed as sent. Each error names the tensor.
 */
public final class InputValidator {

    private InputValidator() {
    }

    /** As {@link #validate(String, List, List, BatchRule)} for a batched request without a stated row limit. */
    public static List<Tensor> validate(String model, List<Tensor> inputs, List<TensorSpec> specs) {
        return validate(model, inputs, specs, BatchRule.UNLIMITED);
    }

    /** The inputs in the order of {@code specs}; with no specs (nothing declared), the inputs as given. */
    public static List<Tensor> validate(String model, List<Tensor> inputs, List<TensorSpec> specs, BatchRule batching) {
        Map<String, Tensor> byName = new HashMap<>();
        for (Tensor t : inputs) {
            if (byName.put(t.name(), t) != null) {
                throw new TensorException("input '" + t.name() + "'", "is given twice");
            }
        }
        if (specs.isEmpty()) {
            requireSameBatch(model, inputs, batching);
            return inputs;
        }
        Map<String, TensorSpec> specByName = new HashMap<>();
        specs.forEach(s -> specByName.put(s.name(), s));
        for (Tensor t : inputs) {
            if (!specByName.containsKey(t.name())) {
                throw new TensorException("input '" + t.name() + "'", "is not an input of model '" + model
                        + "' (its inputs are " + names(specs) + ")");
            }
        }
        List<Tensor> ordered = new ArrayList<>(specs.size());
        for (TensorSpec spec : specs) {
            Tensor t = byName.get(spec.name());
            String label = "input '" + spec.name() + "'";
            if (t == null) {
                throw new TensorException(label, "is missing (model '" + model + "' takes " + describe(specs) + ")");
            }
            if (!t.datatype().name().equals(spec.datatype())) {
                throw new TensorException(label, "datatype is " + t.datatype() + " but model '" + model
                        + "' takes " + spec.datatype());
            }
            long[] shape = t.shape();
            if (shape.length != spec.rank()) {
                throw new TensorException(label, "shape " + t.shapeText() + " has " + shape.length
                        + " dimensions but model '" + model + "' takes " + spec.shape() + " (-1 is free)");
            }
            for (int k = 0; k < shape.length; k++) {
                long want = spec.shape().get(k);
                if (want >= 0 && shape[k] != want) {
                    throw new TensorException(label, "shape " + t.shapeText() + " has " + shape[k]
                            + " in dimension " + k + " but model '" + model + "' takes " + spec.shape()
                            + " (-1 is free)");
                }
            }
            ordered.add(t);
        }
        requireSameBatch(model, ordered, batching);
        return ordered;
    }

    private static void requireSameBatch(String model, List<Tensor> inputs, BatchRule batching) {
        if (!batching.batched()) {
            return;
        }
        Tensor first = null;
        for (Tensor t : inputs) {
            if (t.shape().length == 0) {
                continue;
            }
            if (t.shape()[0] < 1) {
                throw new TensorException("input '" + t.name() + "'", "shape " + t.shapeText()
                        + " has a batch (dimension 0) of " + t.shape()[0] + "; it must be at least 1");
            }
            if (batching.maxRows() != null && t.shape()[0] > batching.maxRows()) {
                throw new TensorException("input '" + t.name() + "'", "batch (dimension 0) is " + t.shape()[0]
                        + " rows but model '" + model + "' takes at most " + batching.maxRows() + " at once (variant '"
                        + batching.limitedBy() + "' has maxBatchSize " + batching.maxRows()
                        + "); send fewer rows per request");
            }
            if (first == null) {
                first = t;
            } else if (t.shape()[0] != first.shape()[0]) {
                throw new TensorException("input '" + t.name() + "'", "batch (dimension 0) is " + t.shape()[0]
                        + " but input '" + first.name() + "' has " + first.shape()[0]);
            }
        }
    }

    private static List<String> names(List<TensorSpec> specs) {
        return specs.stream().map(TensorSpec::name).toList();
    }

    private static String describe(List<TensorSpec> specs) {
        return specs.stream().map(s -> s.name() + " " + s.datatype() + s.shape()).toList().toString();
    }
}
