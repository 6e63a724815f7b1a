package io.baton.profiler.measure;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.math.BigDecimal;
import java.util.SplittableRandom;

import com.fasterxml.jackson.databind.JsonNode;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.HalfFloats;

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
        }, "synthetic ");
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
                long[] range = switch (type) {
                    case INT8 -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
                    case UINT8 -> new long[] {0, 255};
                    case INT16 -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
                    case INT32 -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
                    default -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
                };
                yield d.compareTo(BigDecimal.valueOf(range[0])) >= 0 && d.compareTo(BigDecimal.valueOf(range[1])) <= 0
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
        }, "");
    }

    private static OnnxTensor tensor(OrtEnvironment env, Datatype type, long[] shape, Source source, String what)
            throws OrtException {
        int n = elements(shape);
        return switch (type) {
            case FP32 -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) v[i] = source.real32();
                yield OnnxTensor.createTensor(env, FloatBuffer.wrap(v), shape);
            }
            case FP64 -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) v[i] = source.real();
                yield OnnxTensor.createTensor(env, DoubleBuffer.wrap(v), shape);
            }
            case FP16, BF16 -> {
                short[] v = new short[n];
                for (int i = 0; i < n; i++) {
                    float f = source.real32();
                    v[i] = type == Datatype.FP16 ? HalfFloats.floatToFp16(f) : HalfFloats.floatToBf16(f);
                }
                yield OnnxTensor.createTensor(env, ShortBuffer.wrap(v), shape,
                        type == Datatype.FP16 ? OnnxJavaType.FLOAT16 : OnnxJavaType.BFLOAT16);
            }
            case INT64 -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) v[i] = source.integer();
                yield OnnxTensor.createTensor(env, LongBuffer.wrap(v), shape);
            }
            case INT32 -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) v[i] = (int) source.integer();
                yield OnnxTensor.createTensor(env, IntBuffer.wrap(v), shape);
            }
            case INT16 -> {
                short[] v = new short[n];
                for (int i = 0; i < n; i++) v[i] = (short) source.integer();
                yield OnnxTensor.createTensor(env, ShortBuffer.wrap(v), shape, OnnxJavaType.INT16);
            }
            case INT8, UINT8, BOOL -> {
                ByteBuffer v = ByteBuffer.allocateDirect(n).order(ByteOrder.nativeOrder());
                for (int i = 0; i < n; i++) {
                    v.put(type == Datatype.BOOL ? (byte) (source.bool() ? 1 : 0) : (byte) source.integer());
                }
                v.rewind();
                OnnxJavaType javaType = switch (type) {
                    case INT8 -> OnnxJavaType.INT8;
                    case UINT8 -> OnnxJavaType.UINT8;
                    default -> OnnxJavaType.BOOL;
                };
                yield OnnxTensor.createTensor(env, v, shape, javaType);
            }
            case BYTES -> {
                String[] v = new String[n];
                for (int i = 0; i < n; i++) v[i] = source.text();
                yield OnnxTensor.createTensor(env, v, shape);
            }
            default -> throw new IllegalArgumentException("the profiler makes no " + what + type + " tensors");
        };
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
