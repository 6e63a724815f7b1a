package io.baton.core.interference.measure;

/**
 * Counts the operator nodes of a serialised ONNX model (ModelProto field 7 = graph, GraphProto field 1 = node)
 * with a minimal protobuf walk: the profiler needs the layer count of any model it is handed (the average layer
 * time of §IV-B is solo latency ÷ layers), and ONNX Runtime's Java API does not expose the graph.
 */
public final class OnnxNodeCount {
    private OnnxNodeCount() {}

    public static int count(byte[] model) {
        int[] pos = {0};
        int nodes = 0;
        while (pos[0] < model.length) {
            long key = varint(model, pos);
            int field = (int) (key >>> 3), wire = (int) (key & 7);
            if (field == 7 && wire == 2) {
                int len = (int) varint(model, pos);
                nodes += countNodes(model, pos[0], pos[0] + len);
                pos[0] += len;
            } else {
                skip(model, pos, wire);
            }
        }
        return nodes;
    }

    private static int countNodes(byte[] b, int from, int to) {
        int[] pos = {from};
        int n = 0;
        while (pos[0] < to) {
            long key = varint(b, pos);
            int field = (int) (key >>> 3), wire = (int) (key & 7);
            if (field == 1 && wire == 2) n++;
            skip(b, pos, wire);
        }
        return n;
    }

    private static void skip(byte[] b, int[] pos, int wire) {
        switch (wire) {
            case 0 -> varint(b, pos);
            case 1 -> pos[0] += 8;
            case 2 -> {
                long len = varint(b, pos);
                pos[0] += (int) len;
            }
            case 5 -> pos[0] += 4;
            default -> throw new IllegalArgumentException("not an ONNX model: protobuf wire type " + wire + " at byte " + pos[0]);
        }
        if (pos[0] > b.length) throw new IllegalArgumentException("not an ONNX model: truncated protobuf");
    }

    private static long varint(byte[] b, int[] pos) {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos[0] >= b.length) throw new IllegalArgumentException("not an ONNX model: truncated varint");
            byte x = b[pos[0]++];
            v |= (long) (x & 0x7f) << shift;
            if (x >= 0) return v;
        }
        throw new IllegalArgumentException("not an ONNX model: malformed varint");
    }
}
