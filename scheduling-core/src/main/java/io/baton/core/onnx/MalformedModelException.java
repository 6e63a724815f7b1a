package io.baton.core.onnx;

/**
 * The bytes are not a well-formed ONNX protobuf (truncated, a length past the end, a bad varint or wire type,
 * nested too deep); the message says what and at which byte, for a person to read.
 */
public class MalformedModelException extends IllegalArgumentException {
    public MalformedModelException(String message) {
        super(message);
    }
}
