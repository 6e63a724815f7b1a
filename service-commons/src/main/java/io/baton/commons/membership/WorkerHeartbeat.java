package io.baton.commons.membership;

import java.time.Instant;
import java.util.List;

/**
 * Body of {@code POST /internal/v1/workers/{id}/heartbeat}: sent by worker-service, read by scheduler-service.
 *
 * @param workerId          the worker's id (must match the path)
 * @param sentAt            the worker's clock when it sent it (shown, never used to judge liveness: clocks differ)
 * @param models            digests of the resident models, most recently used first
 * @param residentBytes     estimated bytes the resident models hold (what the model cache counts against its budget,
 *                          not the process: see {@code processResidentBytes})
 * @param memoryBudgetBytes the worker's model-cache budget
 * @param batchesRunning    batches on the device now
 * @param batchesQueued     batches waiting for the device
 * @param processResidentBytes the worker process's whole resident set ({@code VmRSS}: JVM, ONNX Runtime, every run's
 *                          buffers still held), -1 where it cannot be read; 0 from a worker that predates it
 */
public record WorkerHeartbeat(String workerId, Instant sentAt, List<String> models, long residentBytes,
                              long memoryBudgetBytes, int batchesRunning, int batchesQueued,
                              long processResidentBytes) {

    public WorkerHeartbeat(String workerId, Instant sentAt, List<String> models, long residentBytes,
                           long memoryBudgetBytes, int batchesRunning, int batchesQueued) {
        this(workerId, sentAt, models, residentBytes, memoryBudgetBytes, batchesRunning, batchesQueued, 0);
    }
}
