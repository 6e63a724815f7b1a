package io.baton.worker.cache;

/** The model alone needs more memory than the worker's whole budget. */
public class ModelTooLargeException extends RuntimeException {

    public ModelTooLargeException(String digest, long footprintBytes, long budgetBytes) {
        super("model " + digest + " needs " + footprintBytes + " bytes, more than the worker's memory budget of "
                + budgetBytes + " bytes (baton.worker.memory-budget)");
    }
}
