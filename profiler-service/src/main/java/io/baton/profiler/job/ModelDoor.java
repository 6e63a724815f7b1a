package io.baton.profiler.job;

import io.baton.core.onnx.ExternalDataScanner;
import io.baton.core.onnx.MalformedModelException;
import io.baton.core.onnx.ModelArchive;

/**
 * What the profiler checks of a variant's artifact before any ONNX Runtime session sees it (the registry checked it
 * at upload; this is the profiler's own check of what it is handed): a model one of whose tensors points outside it
 * is refused, since ONNX Runtime would read whatever file the tensor names, and so are bytes that are not a
 * well-formed ONNX protobuf. A model that passes names no file at all, so ONNX Runtime reads nothing but its bytes.
 */
final class ModelDoor {

    /** The variant's model is not profiled; the message is the job's failure reason. */
    static final class RefusedModelException extends RuntimeException {
        RefusedModelException(String message) {
            super(message);
        }
    }

    private ModelDoor() {
    }

    /** {@code model} itself when it may be opened. */
    static byte[] checked(String variant, String digest, byte[] model) {
        String which = "variant '" + variant + "' (artifact " + digest + ")";
        if (ModelArchive.isArchive(model)) {
            throw new RefusedModelException(which + " is a model archive (a model with external data): the profiler "
                    + "measures single-file models only");
        }
        ExternalDataScanner.Result scan;
        try {
            scan = ExternalDataScanner.scan(model);
        } catch (MalformedModelException e) {
            throw new RefusedModelException(which + " is refused: " + e.getMessage());
        }
        if (scan.pointsOutside()) {
            throw new RefusedModelException(which + " is refused: the model points outside itself: " + scan.describe());
        }
        return model;
    }
}
