package io.baton.gateway.tensor;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Tensor elements as JSON numbers: OIP's {@code data}, flat or nested row-major (nesting is not checked against the
 * shape, as Triton does not either; only the element count is), to and from little-endian bytes.
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
        ByteBuffer buffer = ByteBuffer.allocate((int) want * type.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        long got = put(buffer, data, label, type, want, 0);
        if (got != want) {
            throw new TensorException(label, "data has " + got + " values but shape "
                    + java.util.Arrays.toString(shape) + " needs " + want);
        }
        return new Tensor(name, type, shape, buffer.flip());
    }

    /** Writes the tensor's elements as one flat JSON array. */
    public static void write(JsonGenerator json, Tensor tensor) throws IOException {
        ByteBuffer b = tensor.data().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int n = Math.toIntExact(tensor.elements());
        json.writeStartArray();
        switch (tensor.datatype()) {
            case FP32 -> {
                for (int i = 0; i < n; i++) json.writeNumber(b.getFloat(i * 4));
            }
            case FP64 -> {
                for (int i = 0; i < n; i++) json.writeNumber(b.getDouble(i * 8));
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
