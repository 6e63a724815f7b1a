package io.baton.worker.batch;

/**
 * A batch that ran out of its time: ONNX Runtime's run was terminated at the batch's deadline, or the deadline passed
 * while the batch waited for the device. The session stays usable; only this batch is answered with the reason.
 */
public class RunCancelledException extends RuntimeException {

    private final long elapsedMs;
    private final long budgetMs;

    private RunCancelledException(String message, long elapsedMs, long budgetMs) {
        super(message);
        this.elapsedMs = elapsedMs;
        this.budgetMs = budgetMs;
    }

    static RunCancelledException whileRunning(String digest, long elapsedMs, long budgetMs, String source) {
        return new RunCancelledException("the run of " + digest + " was cancelled at its deadline after " + elapsedMs
                + " ms (" + source + ": " + budgetMs + " ms)", elapsedMs, budgetMs);
    }

    static RunCancelledException overMemory(String digest, long elapsedMs, long budgetMs, long growthBytes,
                                            long maxGrowthBytes) {
        return new RunCancelledException("the run of " + digest + " was cancelled after " + elapsedMs + " ms: the "
                + "worker's resident memory grew by " + (growthBytes >> 20) + " MB during it, past the bound of "
                + (maxGrowthBytes >> 20) + " MB (baton.worker.max-run-memory)", elapsedMs, budgetMs);
    }

    static RunCancelledException beforeRunning(String digest, long elapsedMs, long budgetMs, String source) {
        return new RunCancelledException("the batch for " + digest + " was not run: its deadline passed after "
                + elapsedMs + " ms waiting for the model and the device (" + source + ": " + budgetMs + " ms)",
                elapsedMs, budgetMs);
    }

    public long elapsedMs() {
        return elapsedMs;
    }

    public long budgetMs() {
        return budgetMs;
    }
}
