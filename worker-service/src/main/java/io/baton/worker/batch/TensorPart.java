package io.baton.worker.batch;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A slice of a tensor: its shape (batch axis first; {@code []} for a scalar in a request that is not batched) and its
 * elements in row-major order, given either as a JSON array ({@code data}, flat or nested: numbers, true/false for
 * BOOL, strings for BYTES) or as {@code base64} of the little-endian element bytes (for BYTES, each element a 4-byte
 * little-endian length then its bytes). Exactly one of the two is present.
 *
 * <p>{@code raw}: those little-endian bytes themselves, for a batch that came over the binary route (gRPC); never
 * read from or written to JSON. A part has exactly one of {@code data}, {@code base64} and {@code raw}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TensorPart(List<Long> shape, JsonNode data, String base64, @JsonIgnore byte[] raw) {

    public TensorPart(List<Long> shape, JsonNode data, String base64) {
        this(shape, data, base64, null);
    }

    /** A part given as its bytes. */
    public static TensorPart raw(List<Long> shape, byte[] bytes) {
        return new TensorPart(shape, null, null, bytes);
    }
}
