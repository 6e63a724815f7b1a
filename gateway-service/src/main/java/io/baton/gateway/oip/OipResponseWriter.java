package io.baton.gateway.oip;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.http.MediaType;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.JsonTensors;
import io.baton.commons.tensor.NonFiniteOutputException;
import io.baton.commons.tensor.Tensor;
import io.baton.gateway.GatewayException;

/**
 * Writes an OIP inference response. Outputs asked for as binary ({@code parameters.binary_data} on the output, or
 * {@code binary_data_output} on the request) are left out of the JSON, which names their
 * {@code binary_data_size}, and follow it as raw little-endian bytes in the order listed; the response then carries
 * {@code Inference-Header-Content-Length} (the JSON's length) and {@code Content-Type: application/octet-stream}, as
 * Triton answers. Otherwise the response is plain JSON with flat, row-major {@code data}.
 *
 * <p>JSON has no NaN or Infinity. A floating-point output holding one, asked for as JSON, is not written (neither as
 * the strings {@code "NaN"}, which are not OIP, nor as {@code null}, which would hide it): the request is answered
 * 502 {@code model produced a non-finite value ...}, naming the output and the element. Asked for as binary data,
 * the same output is sent as the model produced it.
 */
public final class OipResponseWriter {

    /**
     * @param headerLength the JSON header's length when binary outputs follow it, else null
     */
    public record Encoded(byte[] body, MediaType contentType, Integer headerLength) {
    }

    private final ObjectMapper json;

    /** @param json used as configured, except that floats are written with Jackson's fast number writer */
    public OipResponseWriter(ObjectMapper json) {
        this.json = json.copyWith(json.getFactory().rebuild().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build());
    }

    public Encoded write(String modelName, String modelVersion, String id, Map<String, Object> parameters,
                         List<Tensor> outputs, OipRequest request) {
        List<Tensor> binary = new ArrayList<>();
        int estimate = 256;
        for (Tensor t : outputs) {
            estimate += request.binary(t.name()) ? 96 : t.byteSize() * 3 + 96;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(estimate);
        try (JsonGenerator g = json.getFactory().createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("model_name", modelName);
            if (modelVersion != null) {
                g.writeStringField("model_version", modelVersion);
            }
            if (id != null) {
                g.writeStringField("id", id);
            }
            if (parameters != null && !parameters.isEmpty()) {
                g.writeFieldName("parameters");
                json.writeValue(g, parameters);
            }
            g.writeArrayFieldStart("outputs");
            for (Tensor t : outputs) {
                g.writeStartObject();
                JsonTensors.writeHeader(g, t);
                if (request.binary(t.name())) {
                    g.writeObjectFieldStart("parameters");
                    g.writeNumberField("binary_data_size", t.byteSize());
                    g.writeEndObject();
                    binary.add(t);
                } else {
                    g.writeFieldName("data");
                    JsonTensors.write(g, t);
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NonFiniteOutputException e) {
            throw GatewayException.badGateway("non-finite-output", e.getMessage());
        }
        if (binary.isEmpty()) {
            return new Encoded(out.toByteArray(), MediaType.APPLICATION_JSON, null);
        }
        int headerLength = out.size();
        for (Tensor t : binary) {
            ByteBuffer data = t.data();
            out.write(data.array(), data.arrayOffset() + data.position(), data.remaining());
        }
        return new Encoded(out.toByteArray(), MediaType.APPLICATION_OCTET_STREAM, headerLength);
    }
}
