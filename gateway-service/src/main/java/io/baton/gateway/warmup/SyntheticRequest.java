package io.baton.gateway.warmup;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.commons.tensor.SyntheticTensor;
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
            SyntheticTensor.addTo(tensors, spec, MAX_ELEMENTS);
        }
        try {
            return json.writeValueAsBytes(request);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new WarmupLoop.Abandon("cannot write a synthetic request: " + e.getMessage());
        }
    }
}
