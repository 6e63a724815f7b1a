package io.baton.cli.bench.live;

import io.baton.core.plan.InputException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Request inputs for an application that has no dataset to send: seeded random values of each input's datatype in
 * the shape its specs declare. A batchable variant gets one example per request (axis 0 of size 1, the serving path
 * forms the batches); a variant that does not batch gets its tensors exactly as declared, scalars included.
 *
 * <p>Values: floating point uniform in [0, 1) (FP16 and BF16 in [1/16, 1), exactly representable); integers in
 * [0, 10), because integer inputs are mostly indices, token ids or lengths and a larger value would make the model
 * fail on a table it indexes; BOOL true or false; BYTES short lowercase strings. An input whose value has a meaning
 * the specs cannot say (a sample rate, a flag that picks a branch) can be given one value for all its elements: the
 * variant's registered {@code inputValues}, or {@code --input-values} on the command line, which wins.
 */
public final class InputGenerator {
    /** Elements of one tensor at most: a request larger than this would measure the network, not the model. */
    static final long MAX_ELEMENTS = 1L << 26;

    private InputGenerator() {}

    /**
     * The shape each input is sent with. A dimension left free (-1) by every spec, other than a batchable variant's
     * axis 0, has no size to generate: an {@link InputException} naming the input and the dimension (exit 2).
     */
    public static long[] requestShape(DeclaredInput input, boolean batchable) {
        long[] shape = input.shape();
        long elements = 1;
        for (int k = 0; k < shape.length; k++) {
            if (shape[k] < 0 && k == 0 && batchable) shape[k] = 1;
            if (shape[k] < 0) {
                throw new InputException("--app: input " + input.name() + " " + input.datatype() + Arrays.toString(input.shape())
                        + ": dimension " + k + " is free and no spec declares its size; declare it in the variant's (or the application's)"
                        + " inputs to benchmark it");
            }
            elements *= shape[k];
        }
        if (elements > MAX_ELEMENTS) {
            throw new InputException("--app: input " + input.name() + " " + Arrays.toString(shape) + " has " + elements
                    + " elements, more than the " + MAX_ELEMENTS + " the bench sends in one request");
        }
        return shape;
    }

    /** {@code count} requests, each a list of tensors (one per input, in order), from {@code seed}. */
    public static List<List<GeneratedTensor>> generate(DeclaredInputs inputs, int count, long seed) {
        return generate(inputs, count, seed, Map.of());
    }

    /**
     * As {@link #generate(DeclaredInputs, int, long)}, every element of an input named in {@code values} (by the
     * name a client sends or the model's) being that value: a number, true or false, or for BYTES the string. The
     * variant's {@code inputValues} ({@link DeclaredInputs#inputValues}) are the defaults {@code values} override.
     */
    public static List<List<GeneratedTensor>> generate(DeclaredInputs inputs, int count, long seed, Map<String, String> values) {
        List<long[]> shapes = new ArrayList<>();
        for (DeclaredInput in : inputs.inputs()) {
            Datatypes.requireKnown(in.datatype(), in.name());
            shapes.add(requestShape(in, inputs.batchable()));
        }
        Map<Integer, byte[]> fixed = new HashMap<>();
        // the variant's own values first; a value given on the command line replaces it
        for (Map.Entry<String, String> v : inputs.inputValues().entrySet()) {
            int i = indexOf(inputs, v.getKey());
            fixed.put(i, FixedValues.element(inputs.inputs().get(i), v.getValue()));
        }
        for (Map.Entry<String, String> v : values.entrySet()) {
            int i = indexOf(inputs, v.getKey());
            fixed.put(i, FixedValues.element(inputs.inputs().get(i), v.getValue()));
        }
        // A stream per input: giving one input a value leaves every other input's values as they were.
        SplittableRandom base = new SplittableRandom(seed);
        List<SplittableRandom> streams = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) streams.add(base.split());
        List<List<GeneratedTensor>> requests = new ArrayList<>(count);
        for (int r = 0; r < count; r++) {
            List<GeneratedTensor> tensors = new ArrayList<>();
            for (int i = 0; i < shapes.size(); i++) {
                DeclaredInput in = inputs.inputs().get(i);
                tensors.add(fixed.containsKey(i) ? repeated(in, shapes.get(i), fixed.get(i)) : tensor(in, shapes.get(i), streams.get(i)));
            }
            requests.add(List.copyOf(tensors));
        }
        return requests;
    }

    /** The bytes one request's tensors take (BYTES: as generated), to bound how many requests are kept in memory. */
    public static long bytesPerRequest(DeclaredInputs inputs) {
        long total = 0;
        for (DeclaredInput in : inputs.inputs()) {
            Datatypes.requireKnown(in.datatype(), in.name());
            long n = 1;
            for (long d : requestShape(in, inputs.batchable())) n *= d;
            total += n * ("BYTES".equals(in.datatype()) ? 4 + Datatypes.MAX_STRING : Datatypes.size(in.datatype()));
        }
        return total;
    }

    private static int indexOf(DeclaredInputs inputs, String name) {
        for (int i = 0; i < inputs.inputs().size(); i++) {
            DeclaredInput in = inputs.inputs().get(i);
            if (in.name().equals(name) || in.modelName().equals(name)) return i;
        }
        throw new InputException("--input-values: variant " + inputs.variant() + " has no input '" + name + "' (it has "
                + inputs.inputs().stream().map(DeclaredInput::name).toList() + ")");
    }

    private static GeneratedTensor repeated(DeclaredInput in, long[] shape, byte[] element) {
        long n = 1;
        for (long d : shape) n *= d;
        byte[] data = new byte[Math.multiplyExact(Math.toIntExact(n), element.length)];
        for (int i = 0; i < n; i++) System.arraycopy(element, 0, data, i * element.length, element.length);
        return new GeneratedTensor(in.name(), in.modelName(), in.datatype(), shape, data);
    }

    static GeneratedTensor tensor(DeclaredInput in, long[] shape, SplittableRandom random) {
        long n = 1;
        for (long d : shape) n *= d;
        int count = Math.toIntExact(n);
        String type = in.datatype();
        byte[] data;
        if ("BYTES".equals(type)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteBuffer length = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < count; i++) {
                byte[] s = word(random).getBytes(StandardCharsets.UTF_8);
                out.writeBytes(length.clear().putInt(s.length).array());
                out.writeBytes(s);
            }
            data = out.toByteArray();
        } else {
            ByteBuffer b = ByteBuffer.allocate(Math.multiplyExact(count, Datatypes.size(type))).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < count; i++) put(b, type, random);
            data = b.array();
        }
        return new GeneratedTensor(in.name(), in.modelName(), type, shape, data);
    }

    private static void put(ByteBuffer b, String type, SplittableRandom random) {
        switch (type) {
            case "BOOL" -> b.put((byte) (random.nextBoolean() ? 1 : 0));
            case "UINT8", "INT8" -> b.put((byte) random.nextInt(10));
            case "UINT16", "INT16" -> b.putShort((short) random.nextInt(10));
            case "UINT32", "INT32" -> b.putInt(random.nextInt(10));
            case "UINT64", "INT64" -> b.putLong(random.nextInt(10));
            case "FP16" -> b.putShort(halfInUnitRange(random));
            case "BF16" -> b.putShort((short) (Float.floatToIntBits(1f / 16 + random.nextFloat() * 15f / 16) >>> 16));
            case "FP32" -> b.putFloat(random.nextFloat());
            case "FP64" -> b.putDouble(random.nextDouble());
            default -> throw new IllegalStateException("no generator for " + type);
        }
    }

    /** An IEEE half in [1/16, 1): biased exponent 11 to 14, any mantissa. */
    private static short halfInUnitRange(SplittableRandom random) {
        return (short) ((11 + random.nextInt(4)) << 10 | random.nextInt(1 << 10));
    }

    private static String word(SplittableRandom random) {
        char[] c = new char[1 + random.nextInt(Datatypes.MAX_STRING)];
        for (int i = 0; i < c.length; i++) c[i] = (char) ('a' + random.nextInt(26));
        return new String(c);
    }
}
