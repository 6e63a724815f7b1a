package io.baton.gateway.oip;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.HalfFloats;
import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.commons.tensor.TensorSpec;

/**
 * The OIP classification extension: an output asked for with {@code parameters.classification: K} is answered as
 * the top K of its values instead of the values, a BYTES tensor of {@code "value:index"} strings, or
 * {@code "value:index:label"} where the application names the class (its {@code classes}, by index), highest value
 * first (ties: the lower index first). A rank-1 output [N] is one vector of N scores, answered [K]; an output of
 * rank 2 or more is one vector per row (dimension 0, the batch), answered [rows, K], the row's other dimensions
 * flattened row-major (the index counts in that order). An output it cannot apply to (BYTES or BOOL, a scalar, or
 * fewer than K scores per row) is refused, 400 naming the output: never the whole tensor in its place.
 */
public final class Classification {

    private Classification() {
    }

    /**
     * Refuses, before anything runs, a classification the declared outputs already rule out; outputs that are not
     * declared are checked on the answer ({@link #apply}).
     */
    public static void check(OipRequest request, List<TensorSpec> outputs) {
        if (request.outputs() == null) {
            return;
        }
        for (OipRequest.OutputRequest o : request.outputs()) {
            if (o.classification() == null) {
                continue;
            }
            TensorSpec spec = outputs.stream().filter(s -> s.name().equals(o.name())).findFirst().orElse(null);
            if (spec == null) {
                continue;
            }
            String label = "output '" + o.name() + "'";
            Datatype type = Datatype.named(spec.datatype());
            if (type != null) {
                requireNumeric(label, type);
            }
            if (spec.rank() == 0) {
                throw scalar(label, spec.shape().toString());
            }
            long perRow = 1;
            for (int k = spec.rank() == 1 ? 0 : 1; k < spec.rank(); k++) {
                long d = spec.shape().get(k);
                perRow = d < 0 || perRow < 0 ? -1 : perRow * d;
            }
            if (perRow >= 0 && o.classification() > perRow) {
                throw tooMany(label, o.classification(), perRow, spec.shape().toString());
            }
        }
    }

    /** The outputs with each one asked for with a classification replaced by its top K. */
    public static List<Tensor> apply(List<Tensor> outputs, OipRequest request, List<String> classes) {
        if (request.outputs() == null || request.outputs().stream().allMatch(o -> o.classification() == null)) {
            return outputs;
        }
        List<Tensor> answered = new ArrayList<>(outputs.size());
        for (Tensor t : outputs) {
            Integer k = request.outputs().stream().filter(o -> o.name().equals(t.name())).findFirst()
                    .map(OipRequest.OutputRequest::classification).orElse(null);
            answered.add(k == null ? t : topK(t, k, classes));
        }
        return answered;
    }

    static Tensor topK(Tensor t, int k, List<String> classes) {
        String label = "output '" + t.name() + "'";
        requireNumeric(label, t.datatype());
        long[] shape = t.shape();
        if (shape.length == 0) {
            throw scalar(label, t.shapeText());
        }
        int rows = shape.length == 1 ? 1 : Math.toIntExact(shape[0]);
        long[] answerShape = shape.length == 1 ? new long[] {k} : new long[] {rows, k};
        int perRow = rows == 0 ? 0 : Math.toIntExact(t.elements() / rows);
        if (rows > 0 && k > perRow) {
            throw tooMany(label, k, perRow, t.shapeText());
        }
        ByteBuffer data = t.data().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        Comparator<Integer> highestFirst = order(data, t.datatype());
        List<byte[]> strings = new ArrayList<>(rows * k);
        int size = 0;
        Integer[] indices = new Integer[perRow];
        for (int r = 0; r < rows; r++) {
            int base = r * perRow;
            for (int i = 0; i < perRow; i++) {
                indices[i] = base + i;
            }
            Arrays.sort(indices, highestFirst); // stable: equal values keep the lower index first
            for (int j = 0; j < k; j++) {
                int at = indices[j];
                int index = at - base;
                String text = value(data, t.datatype(), at) + ":" + index
                        + (index < classes.size() ? ":" + classes.get(index) : "");
                byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
                strings.add(utf8);
                size += 4 + utf8.length;
            }
        }
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        for (byte[] s : strings) {
            out.putInt(s.length).put(s);
        }
        return new Tensor(t.name(), Datatype.BYTES, answerShape, out.flip());
    }

    private static void requireNumeric(String label, Datatype type) {
        if (type == Datatype.BYTES || type == Datatype.BOOL) {
            throw new TensorException(label, "parameters.classification needs an output of numeric scores, but it is "
                    + type);
        }
    }

    private static TensorException scalar(String label, String shape) {
        return new TensorException(label, "parameters.classification needs an output with a dimension of class "
                + "scores, but its shape " + shape + " is a scalar");
    }

    private static TensorException tooMany(String label, int k, long perRow, String shape) {
        return new TensorException(label, "parameters.classification asks for the top " + k + " classes but the "
                + "output has " + perRow + " per row (shape " + shape + ")");
    }

    /** Element indices, highest value first. */
    private static Comparator<Integer> order(ByteBuffer b, Datatype type) {
        return switch (type) {
            case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32 -> (x, y) -> Long.compare(whole(b, type, y),
                    whole(b, type, x));
            case UINT64 -> (x, y) -> Long.compareUnsigned(b.getLong(y * 8), b.getLong(x * 8));
            default -> (x, y) -> Double.compare(real(b, type, y), real(b, type, x));
        };
    }

    private static long whole(ByteBuffer b, Datatype type, int i) {
        return switch (type) {
            case INT8 -> b.get(i);
            case INT16 -> b.getShort(i * 2);
            case INT32 -> b.getInt(i * 4);
            case UINT8 -> Byte.toUnsignedInt(b.get(i));
            case UINT16 -> Short.toUnsignedInt(b.getShort(i * 2));
            case UINT32 -> Integer.toUnsignedLong(b.getInt(i * 4));
            default -> b.getLong(i * 8);
        };
    }

    private static double real(ByteBuffer b, Datatype type, int i) {
        return switch (type) {
            case FP16 -> HalfFloats.fp16ToFloat(b.getShort(i * 2));
            case BF16 -> HalfFloats.bf16ToFloat(b.getShort(i * 2));
            case FP32 -> b.getFloat(i * 4);
            default -> b.getDouble(i * 8);
        };
    }

    /** The element as text: integers exactly, floats as their shortest decimal without an exponent. */
    private static String value(ByteBuffer b, Datatype type, int i) {
        return switch (type) {
            case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32 -> Long.toString(whole(b, type, i));
            case UINT64 -> Long.toUnsignedString(b.getLong(i * 8));
            case FP64 -> plain(Double.toString(b.getDouble(i * 8)));
            default -> plain(Float.toString((float) real(b, type, i)));
        };
    }

    private static String plain(String shortest) {
        try {
            return new BigDecimal(shortest).toPlainString();
        } catch (NumberFormatException e) {
            return shortest; // NaN, Infinity
        }
    }
}
