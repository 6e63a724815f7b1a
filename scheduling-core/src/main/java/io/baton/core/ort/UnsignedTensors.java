package io.baton.core.ort;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.Buffer;
import java.nio.ByteBuffer;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.TensorInfo;

/**
 * UINT16, UINT32 and UINT64 input tensors. ONNX Runtime's Java API (1.23.2) has no Java type for them, so none of
 * its public {@code createTensor} methods makes one, and a session refuses a signed tensor of the same width for an
 * unsigned input. The runtime's own private path does take any ONNX element type: its native
 * {@code createTensorFromBuffer} wraps a direct buffer as a tensor of the element type it is given (the Java API's
 * {@code OnnxTensorType.value}), which is what the public methods call with the type their Java type maps to. This
 * class calls it with the unsigned type
 * (the bytes are the same) and wraps the result as the public methods do, the Java type being the signed one of the
 * width, as ONNX Runtime itself describes unsigned outputs.
 *
 * <p>The private members are looked up once; should a runtime version lack them, {@link #unavailable()} says why, and
 * the worker and the profiler refuse these three datatypes with that reason instead of failing a run.
 */
public final class UnsignedTensors {

    private static final Method CREATE_FROM_BUFFER;
    private static final Constructor<OnnxTensor> TENSOR;
    private static final Constructor<TensorInfo> INFO;
    private static final Field API_HANDLE;
    private static final Field DEFAULT_ALLOCATOR;
    private static final Field ALLOCATOR_HANDLE;
    private static final String UNAVAILABLE;

    static {
        Method create = null;
        Constructor<OnnxTensor> tensor = null;
        Constructor<TensorInfo> info = null;
        Field api = null;
        Field allocator = null;
        Field handle = null;
        String unavailable = null;
        try {
            create = OnnxTensor.class.getDeclaredMethod("createTensorFromBuffer", long.class, long.class,
                    Buffer.class, int.class, long.class, long[].class, int.class);
            tensor = OnnxTensor.class.getDeclaredConstructor(long.class, long.class, TensorInfo.class, Buffer.class,
                    boolean.class);
            info = TensorInfo.class.getDeclaredConstructor(long[].class, OnnxJavaType.class,
                    TensorInfo.OnnxTensorType.class);
            api = Class.forName("ai.onnxruntime.OnnxRuntime").getDeclaredField("ortApiHandle");
            allocator = OrtEnvironment.class.getDeclaredField("defaultAllocator");
            handle = allocator.getType().getDeclaredField("handle");
            for (var member : new java.lang.reflect.AccessibleObject[] {create, tensor, info, api, allocator, handle}) {
                member.setAccessible(true);
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            unavailable = "this ONNX Runtime's Java API cannot create unsigned 16-, 32- or 64-bit tensors (" + e + ")";
        }
        CREATE_FROM_BUFFER = create;
        TENSOR = tensor;
        INFO = info;
        API_HANDLE = api;
        DEFAULT_ALLOCATOR = allocator;
        ALLOCATOR_HANDLE = handle;
        UNAVAILABLE = unavailable;
    }

    private UnsignedTensors() {
    }

    /** Null when these tensors can be made; else why not. */
    public static String unavailable() {
        return UNAVAILABLE;
    }

    /**
     * A tensor of {@code onnxType} (UINT16, UINT32 or UINT64) over {@code data}, a direct buffer in native order
     * holding exactly its elements from position 0; the tensor keeps a reference to it, as ONNX Runtime's own tensors
     * do.
     */
    public static OnnxTensor create(OrtEnvironment environment, TensorInfo.OnnxTensorType onnxType, ByteBuffer data,
                                    long[] shape) throws OrtException {
        if (UNAVAILABLE != null) {
            throw new IllegalStateException(UNAVAILABLE);
        }
        OnnxJavaType javaType = OnnxJavaType.mapFromOnnxTensorType(onnxType);
        try {
            long apiHandle = API_HANDLE.getLong(null);
            long allocator = ALLOCATOR_HANDLE.getLong(DEFAULT_ALLOCATOR.get(environment));
            long handle = (long) CREATE_FROM_BUFFER.invoke(null, apiHandle, allocator, data, data.position(),
                    (long) data.remaining(), shape, onnxType.value);
            TensorInfo info = INFO.newInstance(shape.clone(), javaType, onnxType);
            return TENSOR.newInstance(handle, allocator, info, data, false);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof OrtException ort) {
                throw ort;
            }
            throw new IllegalStateException("creating a " + name(onnxType) + " tensor failed: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("creating a " + name(onnxType) + " tensor failed: " + e, e);
        }
    }

    /** The element type as OIP and ONNX name it: {@code UINT16} for {@code ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT16}. */
    private static String name(TensorInfo.OnnxTensorType onnxType) {
        return onnxType.name().replace("ONNX_TENSOR_ELEMENT_DATA_TYPE_", "");
    }
}
