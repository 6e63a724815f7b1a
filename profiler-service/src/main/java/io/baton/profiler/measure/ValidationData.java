package io.baton.profiler.measure;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * A registered validation set, decoded from its two blobs (registry-service's dataset layout): the inputs, one FP32
 * tensor of shape {@code [sampleCount, …]} row-major little-endian, and {@code sampleCount} little-endian INT32 labels.
 *
 * @param sampleShape the shape of one example (the tensor's shape without its first dimension)
 */
public record ValidationData(String name, float[] inputs, int[] labels, long[] sampleShape) {

    public int size() {
        return labels.length;
    }

    /** Elements per example. */
    public int sampleElements() {
        long n = 1;
        for (long d : sampleShape) n *= d;
        return Math.toIntExact(n);
    }

    /** Decodes the blobs; {@code shape} is the dataset's {@code inputSpec.shape}, datatype must be FP32. */
    public static ValidationData decode(String name, String datatype, List<Long> shape, byte[] inputs, byte[] labels) {
        if (!"FP32".equals(datatype)) {
            throw new IllegalArgumentException("validation set " + name + ": inputs of datatype " + datatype
                    + " are not supported (FP32 only)");
        }
        if (shape.isEmpty()) throw new IllegalArgumentException("validation set " + name + ": input shape is empty");
        int n = Math.toIntExact(shape.get(0));
        long[] sample = shape.subList(1, shape.size()).stream().mapToLong(Long::longValue).toArray();
        long per = Arrays.stream(sample).reduce(1, (a, b) -> a * b);
        if (inputs.length != (long) n * per * Float.BYTES || labels.length != (long) n * Integer.BYTES) {
            throw new IllegalArgumentException("validation set " + name + ": blob sizes do not match " + shape);
        }
        float[] x = new float[Math.toIntExact((long) n * per)];
        ByteBuffer.wrap(inputs).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(x);
        int[] y = new int[n];
        ByteBuffer.wrap(labels).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(y);
        return new ValidationData(name, x, y, sample);
    }
}
