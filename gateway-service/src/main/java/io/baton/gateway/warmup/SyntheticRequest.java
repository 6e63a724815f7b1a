package io.baton.gateway.warmup;

import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.commons.tensor.TensorSpec;
import io.baton.core.warmup.WarmupLoop;
import io.baton.gateway.registry.ApplicationDefinition;

/**
 * An OIP inference request (JSON) built from an application's input signature: each input the client sends, every
 * free dimension (-1) given size 1 (a batch of one on axis 0), each element a fixed value of its datatype (0.5 for
 * floating point, 1 for integers, false, "a"). The values mean nothing: the request exists to run the route's code,
 * not to get a useful answer. An input the signature cannot say how to build (a sequence, a map, a tensor past
 * {@link #MAX_ELEMENTS}) abandons the warm-up of that application.
 */
final class SyntheticRequest {

    /** Elements of one synthetic tensor at most: warming must not cost more than a small request. */
    static final long MAX_ELEMENTS = 1L << 20;

    /** The request id synthetic requests carry, so that a log line shows where one came from. */
    static final String ID = "baton-warmup";

    private SyntheticRequest() {
    }

    static byte[] body(ApplicationDefinition app, ObjectMapper json) {
        List<TensorSpec> inputs = app.clientInputs(null);
        if (inputs.isEmpty()) {
            throw new WarmupLoop.Abandon("application " + app.name() + " declares no inputs");
        }
        ObjectNode request = json.createObjectNode().put("id", ID);
        ArrayNode tensors = request.putArray("inputs");
        for (TensorSpec spec : inputs) {
            ObjectNode t = tensors.addObject().put("name", spec.name()).put("datatype", spec.datatype());
            ArrayNode shape = t.putArray("shape");
            long elements = 1;
            for (long d : spec.shape()) {
                long size = d < 0 ? 1 : d;
                shape.add(size);
                elements *= size;
            }
            if (elements > MAX_ELEMENTS) {
                throw new WarmupLoop.Abandon("input " + spec.name() + " has " + elements + " elements, more than the "
                        + MAX_ELEMENTS + " a synthetic request sends");
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
        try {
            return json.writeValueAsBytes(request);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new WarmupLoop.Abandon("cannot write a synthetic request: " + e.getMessage());
        }
    }
}
