package io.baton.worker.runtime;

/** The artifact is not handed to ONNX Runtime: a tensor points outside the model, or its archive is not acceptable. */
public class RefusedModelException extends RuntimeException {
    public RefusedModelException(String message) {
        super(message);
    }
}
