package io.baton.profiler.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.TensorSpec;
import io.baton.core.ort.UnsignedTensors;

/**
 * What the profiler feeds a variant: every input at its declared shape, and whether (and how far) it batches.
 *
 * <p>An input's size along each dimension is the variant's declared one, else the application's (by position, as the
 * registry matches them), else the model's own (the variant's specs already carry every size the model fixes). With
 * {@code maxBatchSize} N ≥ 1 dimension 0 is the batch and is set per measured batch size; with 0 the tensors run as
 * declared, rank 0 included, one point at batch size 1. Any other dimension left free by all of them cannot be
 * measured: {@link Unmeasurable} names the input and the dimension. An input named in the variant's
 * {@code inputValues} is fed that one value in every element (a model whose control flow reads it, such as a sample
 * rate, fails or takes an unrepresentative branch on random values); every other input gets seeded random values.
 *
 * @param inputs       one per model input, in the variant's order
 * @param maxBatchSize 0: does not batch; N: batches of up to N along axis 0
 */
public record FeedPlan(List<Input> inputs, int maxBatchSize) {

    /** The batch a variant that does not say (an older registry) is capped at: the largest profiled. */
    private static final int UNCAPPED = Integer.MAX_VALUE;
    /** The datatypes ONNX Runtime's public Java API makes no tensors of ({@link UnsignedTensors} does, if it can). */
    private static final List<Datatype> UNSIGNED = List.of(Datatype.UINT16, Datatype.UINT32, Datatype.UINT64);

    /**
     * One input: its shape with the batch dimension (when batching) left -1, every other one fixed; {@code value}
     * the one value every element takes (a JSON scalar of its datatype), or null for seeded random values.
     */
    public record Input(String name, Datatype datatype, long[] shape, JsonNode value) {

        public Input(String name, Datatype datatype, long[] shape) {
            this(name, datatype, shape, null);
        }

        /** The shape to run: as declared, with dimension 0 set to {@code batch} when batching. */
        long[] shape(boolean batching, int batch) {
            long[] s = shape.clone();
            if (batching) s[0] = batch;
            return s;
        }

        /** The shape of one example (every dimension but the first). */
        public long[] sampleShape() {
            return Arrays.copyOfRange(shape, 1, shape.length);
        }
    }

    /** The variant cannot be measured as declared; the message names the input and what is missing. */
    public static final class Unmeasurable extends IllegalArgumentException {
        Unmeasurable(String message) {
            super(message);
        }
    }

    public boolean batching() {
        return maxBatchSize > 0;
    }

    /**
     * @param variantInputs     the variant's inputs (declared, or the model's as the registry read them)
     * @param applicationInputs the application's declared inputs, by position (empty: none declared, or a pipeline's
     *                          later stage)
     * @param maxBatchSize      the variant's; null (a registry that does not say): batching when every input has a
     *                          free first dimension, capped by the largest profiled batch
     */
    public static FeedPlan of(List<TensorSpec> variantInputs, List<TensorSpec> applicationInputs, Integer maxBatchSize) {
        return of(variantInputs, applicationInputs, maxBatchSize, Map.of());
    }

    /**
     * As {@link #of(List, List, Integer)}, with {@code inputValues} (the variant's: per input name, the value every
     * element of it takes); a name no input has, or a value its datatype cannot hold, is {@link Unmeasurable}.
     */
    public static FeedPlan of(List<TensorSpec> variantInputs, List<TensorSpec> applicationInputs, Integer maxBatchSize,
                              Map<String, JsonNode> inputValues) {
        for (String name : inputValues.keySet()) {
            if (variantInputs.stream().noneMatch(t -> t.name().equals(name))) {
                throw new Unmeasurable("inputValues names " + name + ", which is no input of the variant");
            }
        }
        int max = maxBatchSize != null ? maxBatchSize
                : variantInputs.stream().allMatch(t -> t.rank() > 0 && t.shape().get(0) < 0) ? UNCAPPED : 0;
        List<Input> inputs = new ArrayList<>();
        for (int i = 0; i < variantInputs.size(); i++) {
            TensorSpec v = variantInputs.get(i);
            TensorSpec a = i < applicationInputs.size() && applicationInputs.get(i).rank() == v.rank()
                    ? applicationInputs.get(i) : null;
            Datatype type = Datatype.named(v.datatype());
            if (type == null) {
                throw new Unmeasurable("input " + v.name() + " is " + v.datatype() + ", which no Open Inference Protocol "
                        + "datatype carries: the profiler cannot feed it");
            }
            if (UNSIGNED.contains(type) && UnsignedTensors.unavailable() != null) {
                throw new Unmeasurable("input " + v.name() + " is " + type + ", which the profiler cannot feed: "
                        + UnsignedTensors.unavailable());
            }
            long[] shape = new long[v.rank()];
            for (int k = 0; k < shape.length; k++) {
                long d = v.shape().get(k);
                if (d < 0 && a != null) d = a.shape().get(k);
                boolean batchAxis = max > 0 && k == 0;
                if (d < 0 && !batchAxis) {
                    throw new Unmeasurable("input " + v.name() + " " + v.shape() + ": dimension " + k + " is free in the "
                            + "model and in the declared specs" + (max > 0 ? " (only dimension 0, the batch, may be)"
                            : " (the variant does not batch: maxBatchSize 0)") + "; declare its size in the variant's inputs");
                }
                shape[k] = batchAxis ? -1 : d;
            }
            if (max > 0 && shape.length == 0) {
                throw new Unmeasurable("input " + v.name() + " is a scalar (rank 0) but the variant batches along dimension 0");
            }
            JsonNode value = inputValues.get(v.name());
            String misfit = value == null ? null : SyntheticTensors.misfit(type, value);
            if (misfit != null) throw new Unmeasurable("inputValues." + v.name() + " " + value + ": " + misfit);
            inputs.add(new Input(v.name(), type, shape, value));
        }
        return new FeedPlan(List.copyOf(inputs), max);
    }

    /** The configured batch sizes this variant is measured at: those ≤ maxBatchSize (else maxBatchSize); 0 → [1]. */
    public List<Integer> batchSizes(List<Integer> configured) {
        if (!batching()) return List.of(1);
        List<Integer> sizes = configured.stream().filter(b -> b <= maxBatchSize).sorted().distinct().toList();
        return sizes.isEmpty() ? List.of(maxBatchSize) : sizes;
    }
}
