package io.baton.core.ort;

import ai.onnxruntime.TensorInfo.OnnxTensorType;

/**
 * ONNX Runtime's element type for an ONNX element type number ({@code onnx.TensorProto.DataType}: 1 FLOAT, 2 UINT8,
 * ...; as ONNX files and {@code io.baton.core.onnx} number them). An explicit table: ONNX Runtime's Java API numbers
 * its {@code OnnxTensorType} constants its own way ({@code FLOAT} is 10 there, 1 in ONNX), so an ONNX number cannot
 * be looked up with its {@code mapFromInt}.
 */
public final class ElementTypes {

    private ElementTypes() {
    }

    /** The element type ONNX numbers {@code onnxElementType}; {@code UNDEFINED} for a number ONNX Runtime has none for. */
    public static OnnxTensorType of(int onnxElementType) {
        return switch (onnxElementType) {
            case 1 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT;
            case 2 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT8;
            case 3 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_INT8;
            case 4 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT16;
            case 5 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_INT16;
            case 6 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_INT32;
            case 7 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64;
            case 8 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_STRING;
            case 9 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_BOOL;
            case 10 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT16;
            case 11 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_DOUBLE;
            case 12 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT32;
            case 13 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT64;
            case 14 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_COMPLEX64;
            case 15 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_COMPLEX128;
            case 16 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_BFLOAT16;
            case 17 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT8E4M3FN;
            case 18 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT8E4M3FNUZ;
            case 19 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT8E5M2;
            case 20 -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT8E5M2FNUZ;
            default -> OnnxTensorType.ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED;
        };
    }
}
