package io.baton.worker.cache;

/** ONNX Runtime could not open the artifact as a model. */
public class ModelUnreadableException extends RuntimeException {

    public ModelUnreadableException(String digest, String error, Throwable cause) {
        super("ONNX Runtime cannot open artifact " + digest + ": " + error, cause);
    }
}
