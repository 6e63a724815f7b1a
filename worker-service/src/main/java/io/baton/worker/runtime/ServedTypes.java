package io.baton.worker.runtime;

import java.util.Locale;
import java.util.Map;

import ai.onnxruntime.OnnxJavaType;
import io.baton.commons.tensor.Datatype;

/**
 * The element types a worker accepts and returns ({@link Datatype#SERVED}) and the ONNX Runtime Java type each maps
 * to. The mapping goes by ONNX Runtime's Java type, as the worker has always read a model's signature: the runtime
 * gives an unsigned ONNX type the Java type of the signed one of its width.
 */
public final class ServedTypes {

    private static final Map<Datatype, OnnxJavaType> ONNX_TYPES = Map.of(
            Datatype.FP32, OnnxJavaType.FLOAT,
            Datatype.FP64, OnnxJavaType.DOUBLE,
            Datatype.INT32, OnnxJavaType.INT32,
            Datatype.INT64, OnnxJavaType.INT64);

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

    /** The served datatype ONNX Runtime's {@code type} maps to, or null when a worker does not serve it. */
    public static Datatype of(OnnxJavaType type) {
        for (Map.Entry<Datatype, OnnxJavaType> e : ONNX_TYPES.entrySet()) {
            if (e.getValue() == type) {
                return e.getKey();
            }
        }
        return null;
    }

    /** ONNX Runtime's Java type for a served datatype. */
    public static OnnxJavaType onnxType(Datatype type) {
        OnnxJavaType onnx = ONNX_TYPES.get(type);
        if (onnx == null) {
            throw new IllegalArgumentException(type + " is not served by a worker");
        }
        return onnx;
    }
}
