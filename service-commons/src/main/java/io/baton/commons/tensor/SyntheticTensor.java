package io.baton.commons.tensor;

import java.util.Locale;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.core.warmup.WarmupLoop;

/**
 * One input of a synthetic request, as OIP JSON, built from its {@link TensorSpec}: every free dimension (-1) given
 * size 1, each element a fixed value of its datatype (0.5 for floating point, 1 for integers, false, "a"). The values
 * mean nothing: warm-ups send them to run a route's code. The gateway's and the scheduler's warm-ups both write their
 * inputs with it; a spec it cannot build, or one past {@code maxElements}, abandons that application's warm-up.
 */
public final class SyntheticTensor {

    private SyntheticTensor() {
    }

    /** Appends the tensor for {@code spec} to the request's {@code inputs} array. */
    public static void addTo(ArrayNode inputs, TensorSpec spec, long maxElements) {
        ObjectNode t = inputs.addObject().put("name", spec.name()).put("datatype", spec.datatype());
        ArrayNode shape = t.putArray("shape");
        long elements = 1;
        for (long d : spec.shape()) {
            long size = d < 0 ? 1 : d;
            shape.add(size);
            elements *= size;
        }
        if (elements > maxElements) {
            throw new WarmupLoop.Abandon("input " + spec.name() + " has " + elements + " elements, more than the "
                    + maxElements + " a synthetic request sends");
        }
        ArrayNode data = t.putArray("data");
        String type = spec.datatype() == null ? "" : spec.datatype().toUpperCase(Locale.ROOT);
        for (long i = 0; i < elements; i++) {
            switch (type) {
                case "FP16", "BF16", "FP32", "FP64" -> data.add(0.5);
                case "BOOL" -> data.add(false);
                case "BYTES" -> data.add("a");
                case "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64" -> data.add(1);
                default -> throw new WarmupLoop.Abandon("input " + spec.name() + " is a " + spec.datatype()
                        + ", which a synthetic request cannot build");
            }
        }
    }
}
