package io.baton.commons.tensor;

/** A tensor a client sent (or asked for) that cannot be served as it is; the message starts with the tensor's name. */
public class TensorException extends RuntimeException {

    private final String tensor;

    public TensorException(String tensor, String problem) {
        super(tensor + ": " + problem);
        this.tensor = tensor;
    }

    /** How the tensor is named in messages: {@code input 'x'}, {@code output 'y'} or {@code inputs[2]}. */
    public String tensor() {
        return tensor;
    }
}
