package io.baton.registry.artifact;

import java.nio.file.Path;
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
import io.baton.core.onnx.ExternalDataScanner;
import io.baton.core.onnx.MalformedModelException;
import io.baton.core.onnx.ModelArchive;
import io.baton.core.onnx.ModelArchiveException;
import io.baton.core.onnx.ModelDirectory;
import io.baton.registry.RegistryProperties;
import io.baton.registry.persistence.TensorSignature;
import io.baton.registry.tensor.TensorSpec;

/**
 * Opens an uploaded model with ONNX Runtime, exactly as a worker will, so that a file ONNX Runtime cannot open is
 * refused at upload rather than at the first request; and reads the model's input and output signature from the
 * session. The session is created without graph optimisation and on one thread: only the load is of interest.
 *
 * <p>ONNX Runtime never sees a model before its protobuf has been read here: a plain model in which any tensor points
 * outside it ({@link ExternalDataScanner}) is refused, since ONNX Runtime would read whatever file it names; a zip
 * archive is unpacked only when its locations all name its own data files ({@link ModelArchive}). Either is opened
 * from a private directory holding only its own files ({@link ModelDirectory}), removed once inspected.
 */
@Component
public class OnnxInspector {

    /** ONNX Runtime could not open the model; the message is its own error. */
    public static class InvalidModelException extends Exception {
        InvalidModelException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The model is refused before ONNX Runtime sees it; the message says why, for the uploader. */
    public static class RefusedModelException extends Exception {
        RefusedModelException(String message) {
            super(message);
        }
    }

    private final OrtEnvironment environment = OrtEnvironment.getEnvironment();
    private final Path workDirectory;
    private final ModelArchive.Limits archiveLimits;

    public OnnxInspector(ArtifactStore store, RegistryProperties properties) {
        this.workDirectory = store.openingDirectory();
        this.archiveLimits = new ModelArchive.Limits(properties.archiveMaxEntries(),
                properties.archiveMaxUnpackedSize().toBytes(), 100_000);
    }

    /** A plain model file (one ModelProto): refused when it points outside itself or is a zip archive. */
    public TensorSignature inspect(Path model) throws InvalidModelException, RefusedModelException {
        if (ModelArchive.isArchive(model)) {
            throw new RefusedModelException("these bytes are a zip archive: upload a model archive with Content-Type: "
                    + "application/zip");
        }
        ExternalDataScanner.Result scan;
        try {
            scan = ExternalDataScanner.scan(model);
        } catch (MalformedModelException e) {
            // ONNX Runtime's protobuf parser refuses such bytes as well; they are not handed to it to find out
            throw new InvalidModelException(e.getMessage(), e);
        }
        if (scan.pointsOutside()) {
            throw new RefusedModelException("the model points outside itself: " + scan.describe() + ". A model that "
                    + "keeps tensors in data files is accepted only as one archive: upload it as a zip archive "
                    + "(Content-Type: application/zip) holding the .onnx file and its data files");
        }
        try (ModelDirectory dir = ModelDirectory.of(model, workDirectory)) {
            return open(dir);
        }
    }

    /**
     * Checks again, without ONNX Runtime, that stored bytes do not point outside themselves: a plain model by its
     * scan, an archive (told by its first bytes) by unpacking it. For bytes stored by a registry whose checks were
     * weaker (an archive whose last {@code location} hid past the entries an older scanner kept was accepted), so
     * that uploading them again is not answered as if they were a good model.
     */
    public void recheck(Path stored) throws InvalidModelException, RefusedModelException {
        if (ModelArchive.isArchive(stored)) {
            try {
                ModelArchive.extract(stored, workDirectory, archiveLimits).close();
            } catch (ModelArchiveException e) {
                throw new RefusedModelException(e.getMessage());
            }
            return;
        }
        ExternalDataScanner.Result scan;
        try {
            scan = ExternalDataScanner.scan(stored);
        } catch (MalformedModelException e) {
            throw new InvalidModelException(e.getMessage(), e);
        }
        if (scan.pointsOutside()) throw new RefusedModelException("the model points outside itself: " + scan.describe());
    }

    /** A zip archive of one model and its data files ({@link ModelArchive}). */
    public TensorSignature inspectArchive(Path archive) throws InvalidModelException, RefusedModelException {
        ModelDirectory dir;
        try {
            dir = ModelArchive.extract(archive, workDirectory, archiveLimits);
        } catch (ModelArchiveException e) {
            throw new RefusedModelException(e.getMessage());
        }
        try (dir) {
            return open(dir);
        }
    }

    private TensorSignature open(ModelDirectory dir) throws InvalidModelException {
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.NO_OPT);
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            try (OrtSession session = environment.createSession(dir.model().toString(), options)) {
                return new TensorSignature(specs(session.getInputInfo()), specs(session.getOutputInfo()));
            }
        } catch (OrtException e) {
            throw new InvalidModelException(e.getMessage(), e);
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

    /**
     * ONNX element types by their Open Inference Protocol v2 names; one OIP does not name (complex, float8, 4-bit
     * and newer types ONNX Runtime's Java API reports as UNDEFINED) as {@code ONNX:<type>}: the upload is kept and a
     * variant of it is refused with a 422 naming the tensor and the type.
     */
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
            default -> TensorSpec.ONNX_PREFIX + type.name().replace("ONNX_TENSOR_ELEMENT_DATA_TYPE_", "");
        };
    }
}
