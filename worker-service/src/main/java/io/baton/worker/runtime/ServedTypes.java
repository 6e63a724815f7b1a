package io.baton.worker.runtime;

import java.util.Locale;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.TensorInfo;
import io.baton.commons.tensor.Datatype;
import io.baton.core.ort.ElementTypes;

/**
 * The element types a worker accepts and returns ({@link Datatype#SERVED}: every OIP datatype) and how each meets ONNX
 * Runtime. A model's types are read by ONNX element type ({@code TensorInfo.onnxType}), never by the Java type ONNX
 * Runtime holds them in: the runtime gives UINT16, UINT32 and UINT64 the Java types of INT16, INT32 and INT64.
 */
public final class ServedTypes {

    private ServedTypes() {
    }

    /** The served datatype named {@code name} (case-insensitive, blanks around it ignored), or null. */
    public static Datatype parse(String name) {
        if (name == null) {
            return null;
        }
        Datatype d = Datatype.named(name.trim().toUpperCase(Locale.ROOT));
        return d != null && d.served() ? d : null;
    }

    /** The served datatype of a tensor ONNX Runtime describes, or null for an element type OIP has no name for. */
    public static Datatype of(TensorInfo info) {
        for (Datatype d : Datatype.values()) {
            if (onnxType(d) == info.onnxType) {
                return d.served() ? d : null;
            }
        }
        return null;
    }

    /**
     * ONNX Runtime's element type for {@code type}, by its ONNX element type number (scheduling-core's table: the
     * Java API numbers its {@code OnnxTensorType} constants its own way, so the number cannot be looked up in it).
     */
    public static TensorInfo.OnnxTensorType onnxType(Datatype type) {
        return ElementTypes.of(type.onnxElementType());
    }

    /**
     * How a model's signature names an element type OIP has none for ({@code COMPLEX64}, {@code FLOAT8E4M3FN}): ONNX
     * Runtime's name without its prefix.
     */
    public static String unservedName(TensorInfo info) {
        return info.onnxType.name().replace("ONNX_TENSOR_ELEMENT_DATA_TYPE_", "");
    }

    /**
     * The Java type through which ONNX Runtime's public API creates a tensor of exactly {@code type}, or null when
     * there is none: BYTES (made from strings) and UINT16, UINT32, UINT64 (the API has no Java type for them; see
     * {@link io.baton.core.ort.UnsignedTensors}).
     */
    public static OnnxJavaType javaType(Datatype type) {
        return switch (type) {
            case BOOL -> OnnxJavaType.BOOL;
            case UINT8 -> OnnxJavaType.UINT8;
            case INT8 -> OnnxJavaType.INT8;
            case INT16 -> OnnxJavaType.INT16;
            case INT32 -> OnnxJavaType.INT32;
            case INT64 -> OnnxJavaType.INT64;
            case FP16 -> OnnxJavaType.FLOAT16;
            case BF16 -> OnnxJavaType.BFLOAT16;
            case FP32 -> OnnxJavaType.FLOAT;
            case FP64 -> OnnxJavaType.DOUBLE;
            case UINT16, UINT32, UINT64, BYTES -> null;
        };
    }
}
