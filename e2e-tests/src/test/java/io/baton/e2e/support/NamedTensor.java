package io.baton.e2e.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;

/**
 * A tensor the tests send or compare: name, OIP datatype (FP32 or INT64 here) and shape (empty: a scalar), with its
 * values flat, row-major, as floats or longs.
 */
public record NamedTensor(String name, String datatype, long[] shape, float[] floats, long[] longs) {

    public static NamedTensor fp32(String name, long[] shape, float[] values) {
        return new NamedTensor(name, "FP32", shape, values, null);
    }

    public static NamedTensor int64(String name, long[] shape, long[] values) {
        return new NamedTensor(name, "INT64", shape, null, values);
    }

    /** Values uniform in [lo, hi) from {@code seed}: the same every run. */
    public static NamedTensor random(String name, long[] shape, long seed, float lo, float hi) {
        Random r = new Random(seed);
        float[] v = new float[(int) elements(shape)];
        for (int i = 0; i < v.length; i++) v[i] = lo + (hi - lo) * r.nextFloat();
        return fp32(name, shape, v);
    }

    public static long elements(long[] shape) {
        long n = 1;
        for (long d : shape) n *= d;
        return n;
    }

    public int size() {
        return floats != null ? floats.length : longs.length;
    }

    public double value(int i) {
        return floats != null ? floats[i] : longs[i];
    }

    /** The OIP JSON input: {@code {"name", "datatype", "shape", "data"}}. */
    public ObjectNode json() {
        ObjectNode in = JsonHttp.JSON.createObjectNode().put("name", name).put("datatype", datatype);
        ArrayNode s = in.putArray("shape");
        for (long d : shape) s.add(d);
        ArrayNode data = in.putArray("data");
        if (floats != null) for (float f : floats) data.add(f);
        else for (long l : longs) data.add(l);
        return in;
    }

    /** Little-endian row-major bytes: the OIP binary extension's form. */
    public byte[] bytes() {
        ByteBuffer b = ByteBuffer.allocate(size() * (floats != null ? Float.BYTES : Long.BYTES)).order(ByteOrder.LITTLE_ENDIAN);
        if (floats != null) b.asFloatBuffer().put(floats);
        else b.asLongBuffer().put(longs);
        return b.array();
    }

    /** An output of a JSON response ({@code data} read by datatype). */
    public static NamedTensor fromJson(JsonNode o) {
        long[] shape = new long[o.path("shape").size()];
        for (int i = 0; i < shape.length; i++) shape[i] = o.path("shape").get(i).asLong();
        JsonNode data = o.path("data");
        String type = o.path("datatype").asText();
        if (type.equals("INT64")) {
            long[] v = new long[data.size()];
            for (int i = 0; i < v.length; i++) v[i] = data.get(i).asLong();
            return int64(o.path("name").asText(), shape, v);
        }
        float[] v = new float[data.size()];
        for (int i = 0; i < v.length; i++) v[i] = (float) data.get(i).asDouble();
        return new NamedTensor(o.path("name").asText(), type, shape, v, null);
    }

    /** An output of a binary response: its JSON entry and its little-endian bytes. */
    public static NamedTensor fromBytes(JsonNode o, ByteBuffer bytes) {
        long[] shape = new long[o.path("shape").size()];
        for (int i = 0; i < shape.length; i++) shape[i] = o.path("shape").get(i).asLong();
        ByteBuffer b = bytes.order(ByteOrder.LITTLE_ENDIAN);
        String type = o.path("datatype").asText();
        if (type.equals("INT64")) {
            long[] v = new long[b.remaining() / Long.BYTES];
            b.asLongBuffer().get(v);
            return int64(o.path("name").asText(), shape, v);
        }
        float[] v = new float[b.remaining() / Float.BYTES];
        b.asFloatBuffer().get(v);
        return new NamedTensor(o.path("name").asText(), type, shape, v, null);
    }

    @Override
    public String toString() {
        return name + " " + datatype + " " + Arrays.toString(shape);
    }
}
