package io.baton.profiler.job;

import io.baton.core.onnx.ExternalDataInliner;
import io.baton.core.onnx.ExternalDataScanner;
import io.baton.core.onnx.MalformedModelException;
import io.baton.core.onnx.ModelArchive;
import io.baton.core.onnx.ModelArchiveException;
import io.baton.core.onnx.ModelDirectory;

/**
 * What the profiler checks of a variant's artifact before any ONNX Runtime session sees it (the registry checked it
 * at upload; this is the profiler's own check of what it is handed): a model one of whose tensors points outside it
 * is refused, since ONNX Runtime would read whatever file the tensor names, and so are bytes that are not a
 * well-formed ONNX protobuf. A model archive is unpacked into a private directory by the registry's rules
 * ({@link ModelArchive}) and its data inlined ({@link ExternalDataInliner}); the directory is removed at once. What
 * passes names no file at all, so ONNX Runtime reads nothing but its bytes, which is what the measurements take.
 */
final class ModelDoor {

    /** The variant's model is not profiled; the message is the job's failure reason. */
    static final class RefusedModelException extends RuntimeException {
        RefusedModelException(String message) {
            super(message);
        }
    }

    /** What an archive may unpack to here: the inlined model is one protobuf, at most 2 GB. */
    static final ModelArchive.Limits ARCHIVE_LIMITS = new ModelArchive.Limits(1000, 1L << 30, 100_000);

    private ModelDoor() {
    }

    /** {@code model} itself when it may be opened; an archive's model with its data inlined. */
    static byte[] checked(String variant, String digest, byte[] model) {
        String which = "variant '" + variant + "' (artifact " + digest + ")";
        if (ModelArchive.isArchive(model)) {
            try (ModelDirectory unpacked = ModelArchive.extract(model, null, ARCHIVE_LIMITS)) {
                model = ExternalDataInliner.inline(unpacked);
            } catch (ModelArchiveException e) {
                throw new RefusedModelException(which + " is refused: " + e.getMessage());
            }
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
