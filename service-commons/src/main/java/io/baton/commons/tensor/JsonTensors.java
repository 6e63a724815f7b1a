package io.baton.commons.tensor;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * Tensor elements as JSON values, OIP's {@code data} (flat or nested row-major), to and from little-endian bytes,
 * for every datatype: numbers for the numeric types, true/false for BOOL, strings (their UTF-8) for BYTES.
 *
 * <p>{@link #decode} reads a client's data: flat data needs only the element count of the shape; nested data must
 * nest exactly as the shape says (every array at depth {@code k} has {@code shape[k]} entries, values only at the
 * innermost level). Every value must fit the datatype: integers their type's range, floating-point values must be
 * finite and within range (JSON has no NaN or Infinity, and a value that would overflow is refused rather than
 * silently turned into one). {@link #put} is the element walk alone, for callers that check shapes their own way.
 */
public final class JsonTensors {

    private JsonTensors() {
    }

    /**
     * Reads {@code data} into a tensor named {@code name}; every error is a {@link TensorException} naming
     * {@code label} (e.g. {@code input 'x'}).
     */
    public static Tensor decode(String label, String name, Datatype type, long[] shape, JsonNode data) {
        long want = Tensor.elements(shape);
        if (want > Integer.MAX_VALUE / type.minBytes()) {
            throw new TensorException(label, "shape " + Arrays.toString(shape) + " is too large");
        }
        if (data == null || !data.isArray()) {
            throw new TensorException(label, "data must be a JSON array of " + (type == Datatype.BYTES ? "strings"
                    : type == Datatype.BOOL ? "true/false values" : "numbers") + " (flat or nested, row-major)");
        }
        if (nested(data)) {
            checkNesting(label, shape, data, 0, new ArrayList<>());
        } else if (data.size() != want) {
            // Before allocating: the shape is the client's word, the values are what it sent. An 80-byte request
            // claiming shape [100000000, 1] with one value made the gateway allocate 400 MB (OutOfMemoryError).
            throw new TensorException(label, "data has " + data.size() + " values but shape "
                    + Arrays.toString(shape) + " needs " + want);
        }
        int size = type.fixedWidth() ? (int) want * type.bytes() : byteStringsSize(label, data, want);
        ByteBuffer buffer = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        long got;
        try {
            got = put(buffer, data, type, want, 0, true);
        } catch (ElementException e) {
            throw new TensorException(label, e.getMessage());
        }
        if (got != want) {
            throw new TensorException(label, "data has " + got + " values but shape "
                    + Arrays.toString(shape) + " needs " + want);
        }
        return new Tensor(name, type, shape, buffer.flip());
    }

    /**
     * Puts the values of {@code node} (an array, possibly nested, read row-major) into {@code buffer} in its byte
     * order, numbering them from {@code first}; stops writing at {@code want} values so that a long array cannot
     * overrun the buffer, but counts on. Returns the number after the last value ({@code first} plus the count).
     *
     * @param checkRange refuse floating-point values that are not finite or beyond the datatype's range (without,
     *                   they are converted as a Java cast would: to an infinity)
     * @throws ElementException for a value that does not fit {@code type}
     */
    public static long put(ByteBuffer buffer, JsonNode node, Datatype type, long want, long first, boolean checkRange) {
        long n = first;
        for (JsonNode value : node) {
            if (value.isArray()) {
                n = put(buffer, value, type, want, n, checkRange);
                continue;
            }
            if (n < want) {
                Elements.put(buffer, value, type, n, checkRange);
            }
            n++;
        }
        return n;
    }

    /** Writes OIP's tensor header, the fields {@code name}, {@code datatype} and {@code shape}, into the open object. */
    public static void writeHeader(JsonGenerator json, Tensor tensor) throws IOException {
        json.writeStringField("name", tensor.name());
        json.writeStringField("datatype", tensor.datatype().name());
        json.writeFieldName("shape");
        json.writeArray(tensor.shape(), 0, tensor.shape().length);
    }

    /**
     * Writes the tensor's elements as one flat JSON array. JSON has no NaN or Infinity, so a floating-point tensor
     * holding one cannot be written: a {@link NonFiniteOutputException} names the tensor and the first such element.
     */
    public static void write(JsonGenerator json, Tensor tensor) throws IOException {
        ByteBuffer b = tensor.data().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int n = Math.toIntExact(tensor.elements());
        Datatype type = tensor.datatype();
        json.writeStartArray();
        if (!type.fixedWidth()) {
            for (byte[] s : ByteStrings.split(b, n)) {
                json.writeString(new String(s, StandardCharsets.UTF_8));
            }
        } else if (type.floating()) {
            for (int i = 0; i < n; i++) {
                double v = Elements.doubleAt(b, type, i);
                if (!Double.isFinite(v)) {
                    throw new NonFiniteOutputException(tensor.name(), i, v);
                }
                if (type == Datatype.FP64) {
                    json.writeNumber(v);
                } else {
                    json.writeNumber((float) v);
                }
            }
        } else {
            for (int i = 0; i < n; i++) {
                Elements.write(json, b, type, i);
            }
        }
        json.writeEndArray();
    }

    /**
     * Elements {@code from} (inclusive) to {@code to} (exclusive) of little-endian data as a flat JSON array: for
     * BYTES, strings (the UTF-8 of each element's bytes). NaN and infinities are kept as nodes (Jackson writes them as
     * the strings it is configured to).
     */
    public static ArrayNode toArray(Datatype type, ByteBuffer littleEndian, int from, int to) {
        ByteBuffer b = littleEndian.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        ArrayNode out = JsonNodeFactory.instance.arrayNode(to - from);
        if (!type.fixedWidth()) {
            byte[][] strings = ByteStrings.split(b, to);
            for (int i = from; i < to; i++) {
                out.add(new String(strings[i], StandardCharsets.UTF_8));
            }
            return out;
        }
        for (int i = from; i < to; i++) {
            out.add(Elements.nodeAt(b, type, i));
        }
        return out;
    }

    /**
     * Every element of little-endian data (from its position to its limit) as a flat JSON array, for any datatype:
     * the element count of BYTES data is read from its length prefixes.
     *
     * @throws IllegalArgumentException when BYTES data is not a whole number of length-prefixed strings
     */
    public static ArrayNode toArray(Datatype type, ByteBuffer littleEndian) {
        long n = type.fixedWidth() ? littleEndian.remaining() / type.bytes() : ByteStrings.count(littleEndian);
        if (n < 0) {
            throw new IllegalArgumentException("BYTES data is not a sequence of length-prefixed strings");
        }
        return toArray(type, littleEndian, 0, Math.toIntExact(n));
    }

    /** Sizes BYTES data: 4 bytes of length and the UTF-8 of each of the first {@code want} strings. */
    private static int byteStringsSize(String label, JsonNode data, long want) {
        long[] size = {0};
        long[] n = {0};
        sizeStrings(data, want, size, n);
        if (size[0] > Integer.MAX_VALUE) {
            throw new TensorException(label, "data is too large");
        }
        return (int) size[0];
    }

    private static void sizeStrings(JsonNode node, long want, long[] size, long[] n) {
        for (JsonNode value : node) {
            if (value.isArray()) {
                sizeStrings(value, want, size, n);
            } else if (n[0]++ < want) {
                // A value that is not a string is refused when it is put; 4 bytes keep the walk going until then.
                size[0] += 4 + (value.isTextual() ? Elements.utf8(value).length : 0);
            }
        }
    }

    private static boolean nested(JsonNode data) {
        for (JsonNode v : data) {
            if (v.isArray()) {
                return true;
            }
        }
        return false;
    }

    /** Nested data: {@code node}, at depth {@code depth} (the indices to it in {@code at}), must follow the shape. */
    private static void checkNesting(String label, long[] shape, JsonNode node, int depth, List<Integer> at) {
        // Runs once per nested array of every request: the messages are built only when one is needed.
        if (!node.isArray()) {
            throw new TensorException(label, where(at) + " is a single value at depth " + depth + " but shape "
                    + Arrays.toString(shape) + " has " + shape.length + " dimensions: nested data must nest "
                    + shape.length + " arrays deep (or give the data flat)");
        }
        if (depth >= shape.length) {
            throw new TensorException(label, where(at) + " is an array at depth " + depth + " but shape "
                    + Arrays.toString(shape) + " has only " + shape.length + " dimensions");
        }
        if (node.size() != shape[depth]) {
            throw new TensorException(label, where(at) + " has " + node.size() + " entries but shape "
                    + Arrays.toString(shape) + " has " + shape[depth] + " in dimension " + depth);
        }
        if (depth == shape.length - 1) {
            for (int k = 0; k < node.size(); k++) {
                if (node.get(k).isArray()) {
                    at.add(k);
                    checkNesting(label, shape, node.get(k), depth + 1, at);
                }
            }
            return;
        }
        for (int k = 0; k < node.size(); k++) {
            at.add(k);
            checkNesting(label, shape, node.get(k), depth + 1, at);
            at.remove(at.size() - 1);
        }
    }

    /** {@code data[i][j]...}: where in nested data the indices {@code at} lead. */
    private static String where(List<Integer> at) {
        StringBuilder w = new StringBuilder("data");
        for (int k : at) w.append('[').append(k).append(']');
        return w.toString();
    }
}
