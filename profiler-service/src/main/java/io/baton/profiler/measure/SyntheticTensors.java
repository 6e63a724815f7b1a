package io.baton.profiler.measure;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

import com.fasterxml.jackson.databind.JsonNode;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.TensorInfo.OnnxTensorType;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.HalfFloats;
import io.baton.core.ort.ElementTypes;
import io.baton.core.ort.UnsignedTensors;

/**
 * Seeded synthetic values for an input the profiler has no examples of, per datatype: uniform [0, 1) floats, small
 * positive integers (1 to 8: valid indices, counts or rates for the models that read them as such), random
 * booleans, short strings. ONNX Runtime's time depends on the shapes, not on these values, for the models it is
 * measured on; a model whose control flow reads a value (a sample rate, say) needs a specific one, which a
 * synthetic input cannot know: the variant's {@code inputValues} gives it, and {@link #filled} puts it in every
 * element.
 */
final class SyntheticTensors {

    private SyntheticTensors() {
    }

    /**
     * Where a tensor's elements come from, one call per element in row-major order: seeded draws ({@link #create}) or
     * one value for all ({@link #filled}). Each datatype asks for the kind of element it holds.
     */
    private interface Source {
        double real();

        /** An FP32, FP16 or BF16 element: its own call, so that a value given as a JSON number is rounded to float once. */
        float real32();

        long integer();

        boolean bool();

        String text();
    }

    static OnnxTensor create(OrtEnvironment env, Datatype type, long[] shape, long seed) throws OrtException {
        SplittableRandom r = new SplittableRandom(seed);
        return tensor(env, type, shape, new Source() {
            @Override public double real() { return r.nextDouble(); }
            @Override public float real32() { return (float) r.nextDouble(); }
            @Override public long integer() { return small(r); }
            @Override public boolean bool() { return r.nextInt(2) == 1; }
            @Override public String text() { return "s" + r.nextInt(1000); }
        });
    }

    /** Why {@code value} is no element of {@code type}; null when it is. */
    static String misfit(Datatype type, JsonNode value) {
        return switch (type) {
            case BOOL -> value.isBoolean() ? null : "BOOL takes true or false";
            case BYTES -> value.isTextual() ? null : "BYTES takes a string";
            case FP16, BF16, FP32, FP64 -> value.isNumber() ? null : type + " takes a number";
            default -> {
                if (!value.isNumber()) yield type + " takes an integer";
                BigDecimal d = value.decimalValue();
                if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) yield type + " takes an integer";
                BigInteger[] range = switch (type) {
                    case INT8 -> range(Byte.MIN_VALUE, Byte.MAX_VALUE);
                    case UINT8 -> range(0, 255);
                    case INT16 -> range(Short.MIN_VALUE, Short.MAX_VALUE);
                    case UINT16 -> range(0, 65_535);
                    case INT32 -> range(Integer.MIN_VALUE, Integer.MAX_VALUE);
                    case UINT32 -> range(0, 4_294_967_295L);
                    // the largest UINT64 is no long: its bits are those of -1, which is how a filled element holds it
                    case UINT64 -> new BigInteger[] {BigInteger.ZERO, BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)};
                    default -> range(Long.MIN_VALUE, Long.MAX_VALUE);
                };
                yield d.compareTo(new BigDecimal(range[0])) >= 0 && d.compareTo(new BigDecimal(range[1])) <= 0
                        ? null : type + " takes an integer in [" + range[0] + ", " + range[1] + "]";
            }
        };
    }

    /** A tensor of {@code shape} whose every element is {@code value} (one that fits {@code type}: {@link #misfit}). */
    static OnnxTensor filled(OrtEnvironment env, Datatype type, long[] shape, JsonNode value) throws OrtException {
        return tensor(env, type, shape, new Source() {
            @Override public double real() { return value.doubleValue(); }
            @Override public float real32() { return value.floatValue(); }
            @Override public long integer() { return value.longValue(); }
            @Override public boolean bool() { return value.booleanValue(); }
            @Override public String text() { return value.textValue(); }
        });
    }

    /**
     * Every fixed-width datatype is written element by element into one direct buffer in native order, the layout
     * ONNX Runtime reads; BYTES is made from strings. UINT16, UINT32 and UINT64, for which the runtime's public API has
     * no Java type, are made through {@link UnsignedTensors} (the worker's path too).
     */
    private static OnnxTensor tensor(OrtEnvironment env, Datatype type, long[] shape, Source source)
            throws OrtException {
        int n = elements(shape);
        if (type == Datatype.BYTES) {
            String[] v = new String[n];
            for (int i = 0; i < n; i++) v[i] = source.text();
            return OnnxTensor.createTensor(env, v, shape);
        }
        ByteBuffer data = ByteBuffer.allocateDirect(n * type.bytes()).order(ByteOrder.nativeOrder());
        for (int i = 0; i < n; i++) {
            switch (type) {
                case FP32 -> data.putFloat(source.real32());
                case FP64 -> data.putDouble(source.real());
                case FP16 -> data.putShort(HalfFloats.floatToFp16(source.real32()));
                case BF16 -> data.putShort(HalfFloats.floatToBf16(source.real32()));
                case INT64, UINT64 -> data.putLong(source.integer());
                case INT32, UINT32 -> data.putInt((int) source.integer());
                case INT16, UINT16 -> data.putShort((short) source.integer());
                case BOOL -> data.put((byte) (source.bool() ? 1 : 0));
                default -> data.put((byte) source.integer());
            }
        }
        data.rewind();
        OnnxTensorType onnxType = ElementTypes.of(type.onnxElementType());
        return switch (type) {
            case UINT16, UINT32, UINT64 -> UnsignedTensors.create(env, onnxType, data, shape);
            default -> OnnxTensor.createTensor(env, data, shape, OnnxJavaType.mapFromOnnxTensorType(onnxType));
        };
    }

    private static BigInteger[] range(long min, long max) {
        return new BigInteger[] {BigInteger.valueOf(min), BigInteger.valueOf(max)};
    }

    private static int small(SplittableRandom r) {
        return 1 + r.nextInt(8);
    }

    static int elements(long[] shape) {
        long n = 1;
        for (long d : shape) n *= d;
        return Math.toIntExact(n);
    }
}
