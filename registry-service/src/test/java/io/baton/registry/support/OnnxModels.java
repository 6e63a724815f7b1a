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
    public static final int INT64 = 7;

    private OnnxModels() {
    }

    /** y = Identity(x), both of the given element type and shape; {@code producer} only varies the bytes. */
    public static byte[] identity(String producer, int elemType, long... dims) {
        return model(producer, "Identity", elemType, dims, "x");
    }

    /** y = Add(x, x). */
    public static byte[] add(String producer, int elemType, long... dims) {
        return model(producer, "Add", elemType, dims, "x", "x");
    }

    private static byte[] model(String producer, String op, int elemType, long[] dims, String... nodeInputs) {
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
                .varint(1, 8)                                 // ModelProto.ir_version
                .string(2, producer)                          // ModelProto.producer_name
                .message(7, graph)                            // ModelProto.graph
                .message(8, new Proto().string(1, "").varint(2, 13)) // opset_import {domain "", version 13}
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
