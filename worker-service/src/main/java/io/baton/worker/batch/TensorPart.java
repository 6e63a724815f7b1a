package io.baton.worker.batch;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A slice of a tensor: its shape (batch axis first; {@code []} for a scalar in a request that is not batched) and its
 * elements in row-major order, given either as a JSON array ({@code data}, flat or nested: numbers, true/false for
 * BOOL, strings for BYTES) or as {@code base64} of the little-endian element bytes (for BYTES, each element a 4-byte
 * little-endian length then its bytes). Exactly one of the two is present.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TensorPart(List<Long> shape, JsonNode data, String base64) {
}
