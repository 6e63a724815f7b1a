package io.baton.core.onnx;

/** A model archive that cannot be accepted; the message names the entry or tensor at fault and why. */
public class ModelArchiveException extends IllegalArgumentException {
    public ModelArchiveException(String message) {
        super(message);
    }
}
