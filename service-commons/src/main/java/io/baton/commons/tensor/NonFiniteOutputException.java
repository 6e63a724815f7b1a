package io.baton.commons.tensor;

/**
 * A model output holding NaN or an infinity, which JSON cannot carry; the same output asked for as binary data is
 * sent as it is.
 */
public class NonFiniteOutputException extends RuntimeException {

    public NonFiniteOutputException(String output, long index, double value) {
        super("the model produced a non-finite value (" + value + ") in output '" + output + "' at element "
                + index + "; JSON cannot carry NaN or Infinity (ask for the output as binary data to receive it "
                + "as it is)");
    }
}
