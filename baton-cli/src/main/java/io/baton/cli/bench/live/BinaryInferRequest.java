package io.baton.cli.bench.live;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * An OIP inference request with the binary tensor data extension: a JSON header naming each input's datatype, shape
 * and {@code binary_data_size}, then the inputs' bytes in that order; it asks for every output as binary data
 * ({@code binary_data_output}), so that neither side spends the run turning large tensors into JSON numbers.
 *
 * @param headerLength the JSON header's length in bytes ({@code Inference-Header-Content-Length})
 */
record BinaryInferRequest(byte[] body, int headerLength) {

    static BinaryInferRequest of(List<GeneratedTensor> inputs) {
        ObjectNode header = JsonHttp.JSON.createObjectNode();
        ArrayNode list = header.putArray("inputs");
        for (GeneratedTensor t : inputs) {
            ObjectNode in = list.addObject();
            in.put("name", t.name());
            ArrayNode shape = in.putArray("shape");
            for (long d : t.shape()) shape.add(d);
            in.put("datatype", t.datatype());
            in.putObject("parameters").put("binary_data_size", t.data().length);
        }
        header.putObject("parameters").put("binary_data_output", true);
        try {
            byte[] json = JsonHttp.JSON.writeValueAsBytes(header);
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            body.writeBytes(json);
            for (GeneratedTensor t : inputs) body.writeBytes(t.data());
            return new BinaryInferRequest(body.toByteArray(), json.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
