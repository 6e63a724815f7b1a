package io.baton.registry.artifact;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

import ai.onnxruntime.MapInfo;
import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.SequenceInfo;
import ai.onnxruntime.TensorInfo;
import io.baton.registry.tensor.TensorSpec;

/**
 * Opens an uploaded model with ONNX Runtime, exactly as a worker will, so that a file ONNX Runtime cannot open is
 * refused at upload rather than at the first request; and reads the model's input and output signature from the
 * session. The session is created without graph optimisation and on one thread: only the load is of interest.
 */
@Component
public class OnnxInspector {

    /** What ONNX Runtime says a model takes and gives, in the model's own order. */
    public record Signature(List<TensorSpec> inputs, List<TensorSpec> outputs) {
    }

    /** ONNX Runtime could not open the model; the message is its own error. */
    public static class InvalidModelException extends Exception {
        InvalidModelException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final OrtEnvironment environment = OrtEnvironment.getEnvironment();

    public Signature inspect(Path model) throws InvalidModelException {
        try (FileChannel channel = FileChannel.open(model, StandardOpenOption.READ);
             OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.NO_OPT);
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            var bytes = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            try (OrtSession session = environment.createSession(bytes, options)) {
                return new Signature(specs(session.getInputInfo()), specs(session.getOutputInfo()));
            }
        } catch (OrtException e) {
            throw new InvalidModelException(e.getMessage(), e);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<TensorSpec> specs(Map<String, NodeInfo> nodes) {
        List<TensorSpec> specs = new ArrayList<>(nodes.size());
        for (NodeInfo node : nodes.values()) {
            if (node.getInfo() instanceof TensorInfo tensor) {
                specs.add(new TensorSpec(node.getName(), datatype(tensor.onnxType),
                        Arrays.stream(tensor.getShape()).map(d -> d < 0 ? -1 : d).boxed().toList()));
            } else if (node.getInfo() instanceof SequenceInfo) {
                specs.add(new TensorSpec(node.getName(), "SEQUENCE", List.of()));
            } else if (node.getInfo() instanceof MapInfo) {
                specs.add(new TensorSpec(node.getName(), "MAP", List.of()));
            } else {
                specs.add(new TensorSpec(node.getName(), "OPTIONAL", List.of()));
            }
        }
        return specs;
    }

    /** ONNX element types by their Open Inference Protocol v2 names. */
    static String datatype(TensorInfo.OnnxTensorType type) {
        return switch (type) {
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_BOOL -> "BOOL";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT8 -> "UINT8";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT16 -> "UINT16";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT32 -> "UINT32";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT64 -> "UINT64";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_INT8 -> "INT8";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_INT16 -> "INT16";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_INT32 -> "INT32";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64 -> "INT64";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT16 -> "FP16";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_BFLOAT16 -> "BF16";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT -> "FP32";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_DOUBLE -> "FP64";
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_STRING -> "BYTES";
            default -> throw new IllegalArgumentException("unsupported ONNX element type " + type);
        };
    }
}
