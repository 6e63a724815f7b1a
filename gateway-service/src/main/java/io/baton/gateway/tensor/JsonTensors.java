package io.baton.gateway.tensor;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Tensor elements as JSON numbers: OIP's {@code data}, flat or nested row-major, to and from little-endian bytes.
 * Flat data needs only the element count of the shape; nested data must nest exactly as the shape says (every array
 * at depth {@code k} has {@code shape[k]} entries, numbers only at the innermost level). Every value must be a finite
 * number that fits the datatype (FP32's range, INT32's or INT64's integers): JSON has no NaN or Infinity, and a value
 * that would overflow is refused rather than silently turned into one.
 */
public final class JsonTensors {

    private JsonTensors() {
    }

    /**
     * Reads {@code data} into a tensor named {@code name}; every error names {@code label} (e.g. {@code input 'x'}).
     */
    public static Tensor decode(String label, String name, Datatype type, long[] shape, JsonNode data) {
        long want = Tensor.elements(shape);
        if (want > Integer.MAX_VALUE / type.bytes()) {
            throw new TensorException(label, "shape " + java.util.Arrays.toString(shape) + " is too large");
        }
        if (data == null || !data.isArray()) {
            throw new TensorException(label, "data must be a JSON array of numbers (flat or nested, row-major)");
        }
        if (nested(data)) {
            checkNesting(label, shape, data, 0, new ArrayList<>());
        } else if (data.size() != want) {
            // Before allocating: the shape is the client's word, the values are what it sent. An 80-byte request
            // claiming shape [100000000, 1] with one value made the gateway allocate 400 MB (OutOfMemoryError).
            throw new TensorException(label, "data has " + data.size() + " values but shape "
                    + java.util.Arrays.toString(shape) + " needs " + want);
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) want * type.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        long got = put(buffer, data, label, type, want, 0);
        if (got != want) {
            throw new TensorException(label, "data has " + got + " values but shape "
                    + java.util.Arrays.toString(shape) + " needs " + want);
        }
        return new Tensor(name, type, shape, buffer.flip());
    }

    /**
     * Writes the tensor's elements as one flat JSON array. JSON has no NaN or Infinity, so a floating-point tensor
     * holding one cannot be written: a {@link NonFiniteOutputException} names the tensor and the first such element
     * (the caller answers it as the model's failure; the same output asked for as binary data is sent as it is).
     */
    public static void write(JsonGenerator json, Tensor tensor) throws IOException {
        ByteBuffer b = tensor.data().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int n = Math.toIntExact(tensor.elements());
        json.writeStartArray();
        switch (tensor.datatype()) {
            case FP32 -> {
                for (int i = 0; i < n; i++) {
                    float v = b.getFloat(i * 4);
                    if (!Float.isFinite(v)) {
                        throw new NonFiniteOutputException(tensor.name(), i, v);
                    }
                    json.writeNumber(v);
                }
            }
            case FP64 -> {
                for (int i = 0; i < n; i++) {
                    double v = b.getDouble(i * 8);
                    if (!Double.isFinite(v)) {
                        throw new NonFiniteOutputException(tensor.name(), i, v);
                    }
                    json.writeNumber(v);
                }
            }
            case INT32 -> {
                for (int i = 0; i < n; i++) json.writeNumber(b.getInt(i * 4));
            }
            case INT64 -> {
                for (int i = 0; i < n; i++) json.writeNumber(b.getLong(i * 8));
            }
        }
        json.writeEndArray();
    }

    /** A model output holding NaN or an infinity, which JSON cannot carry. */
    public static final class NonFiniteOutputException extends RuntimeException {
        public NonFiniteOutputException(String output, int index, double value) {
            super("the model produced a non-finite value (" + value + ") in output '" + output + "' at element "
                    + index + "; JSON cannot carry NaN or Infinity (ask for the output as binary data to receive it "
                    + "as it is)");
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

    /** Stops writing at {@code want} values so a long array cannot overrun the buffer, but counts on. */
    private static long put(ByteBuffer buffer, JsonNode node, String label, Datatype type, long want, long index) {
        long n = index;
        for (JsonNode value : node) {
            if (value.isArray()) {
                n = put(buffer, value, label, type, want, n);
                continue;
            }
            if (n < want) {
                putOne(buffer, value, label, type, n);
            }
            n++;
        }
        return n;
    }

    private static void putOne(ByteBuffer buffer, JsonNode value, String label, Datatype type, long index) {
        if (value.isNumber() && type.floating()) {
            double d = value.doubleValue();
            if (!Double.isFinite(d) || type == Datatype.FP32 && Math.abs(d) > Float.MAX_VALUE) {
                throw new TensorException(label, "data[" + index + "] is " + value.asText() + ", outside the range of "
                        + type + " (JSON tensor data must be finite numbers that fit the datatype)");
            }
        }
        boolean ok = switch (type) {
            case FP32, FP64 -> value.isNumber();
            case INT32 -> value.isIntegralNumber() && value.canConvertToInt();
            case INT64 -> value.isIntegralNumber() && value.canConvertToLong();
        };
        if (!ok) {
            throw new TensorException(label, "data[" + index + "] is " + value + ", not " + switch (type) {
                case FP32, FP64 -> "a number";
                case INT32 -> "a 32-bit integer";
                case INT64 -> "a 64-bit integer";
            });
        }
        switch (type) {
            case FP32 -> buffer.putFloat(value.floatValue());
            case FP64 -> buffer.putDouble(value.doubleValue());
            case INT32 -> buffer.putInt(value.intValue());
            case INT64 -> buffer.putLong(value.longValue());
        }
    }
}
