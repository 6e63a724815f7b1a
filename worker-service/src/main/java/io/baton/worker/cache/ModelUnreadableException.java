package io.baton.worker.cache;

/** ONNX Runtime could not open the artifact as a model, or it was refused before ONNX Runtime saw it. */
public class ModelUnreadableException extends RuntimeException {

    public ModelUnreadableException(String digest, String error, Throwable cause) {
        super("ONNX Runtime cannot open artifact " + digest + ": " + error, cause);
    }

    private ModelUnreadableException(String message) {
        super(message);
    }

    /** Not handed to ONNX Runtime: {@code why} says what in the artifact points outside it. */
    public static ModelUnreadableException refused(String digest, String why) {
        return new ModelUnreadableException("artifact " + digest + " is refused: " + why);
    }
}
