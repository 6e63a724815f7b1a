package io.baton.registry.support;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Tiny valid ONNX models for tests, hand-encoded as protobuf (onnx.proto3: ModelProto, GraphProto, NodeProto,
 * ValueInfoProto, TypeProto.Tensor, TensorShapeProto), so the tests need no model files and no ONNX library.
 * A negative dimension is written as a symbolic one ({@code dim_param "N"}), which ONNX Runtime reports as -1.
 */
public final class OnnxModels {

    /** onnx.TensorProto.DataType values. */
    public static final int FLOAT = 1;
    public static final int UINT8 = 2;
    public static final int INT8 = 3;
    public static final int UINT16 = 4;
    public static final int INT16 = 5;
    public static final int INT32 = 6;
    public static final int INT64 = 7;
    public static final int STRING = 8;
    public static final int BOOL = 9;
    public static final int FLOAT16 = 10;
    public static final int DOUBLE = 11;
    public static final int UINT32 = 12;
    public static final int UINT64 = 13;
    public static final int COMPLEX64 = 14;
    public static final int BFLOAT16 = 16;
    public static final int FLOAT8E4M3FN = 17;

    private OnnxModels() {
    }

    /** y = Identity(x), both of the given element type and shape; {@code producer} only varies the bytes. */
    public static byte[] identity(String producer, int elemType, long... dims) {
        return model(producer, "Identity", elemType, dims, "x");
    }

    /** y = Identity(x) in opset 21 (which types Identity takes grew with the opsets: float8 from 19). */
    public static byte[] identityOpset21(String producer, int elemType, long... dims) {
        return model(producer, "Identity", elemType, dims, 21, "x");
    }

    /** y = Add(x, x). */
    public static byte[] add(String producer, int elemType, long... dims) {
        return model(producer, "Add", elemType, dims, "x", "x");
    }

    private static byte[] model(String producer, String op, int elemType, long[] dims, String... nodeInputs) {
        return model(producer, op, elemType, dims, 13, nodeInputs);
    }

    private static byte[] model(String producer, String op, int elemType, long[] dims, int opset, String... nodeInputs) {
        Proto node = new Proto();
        for (String in : nodeInputs) node.string(1, in);      // NodeProto.input
        node.string(2, "y")                                   // NodeProto.output
            .string(3, op.toLowerCase() + "_0")               // NodeProto.name
            .string(4, op);                                   // NodeProto.op_type

        Proto graph = new Proto()
                .message(1, node)                             // GraphProto.node
                .string(2, "test_graph")                      // GraphProto.name
                .message(11, valueInfo("x", elemType, dims))  // GraphProto.input
                .message(12, valueInfo("y", elemType, dims)); // GraphProto.output

        return new Proto()
                .varint(1, opset > 13 ? 10 : 8)               // ModelProto.ir_version
                .string(2, producer)                          // ModelProto.producer_name
                .message(7, graph)                            // ModelProto.graph
                .message(8, new Proto().string(1, "").varint(2, opset)) // opset_import {domain "", version}
                .bytes();
    }

    private static Proto valueInfo(String name, int elemType, long[] dims) {
        Proto shape = new Proto();
        for (long d : dims) {
            shape.message(1, d < 0 ? new Proto().string(2, "N") : new Proto().varint(1, d)); // Dimension
        }
        Proto tensor = new Proto().varint(1, elemType).message(2, shape); // TypeProto.Tensor
        return new Proto().string(1, name).message(2, new Proto().message(1, tensor)); // ValueInfoProto{name, type}
    }

    /** The protobuf wire format, only the parts ONNX needs: varints and length-delimited fields. */
    private static final class Proto {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Proto varint(int field, long value) {
            raw((long) field << 3);
            raw(value);
            return this;
        }

        Proto string(int field, String value) {
            return delimited(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Proto message(int field, Proto value) {
            return delimited(field, value.bytes());
        }

        private Proto delimited(int field, byte[] value) {
            raw(((long) field << 3) | 2);
            raw(value.length);
            out.writeBytes(value);
            return this;
        }

        private void raw(long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            out.write((int) v);
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
