package io.baton.core.membership;

import java.time.Instant;
import java.util.List;

/**
 * Body of {@code POST /internal/v1/workers/{id}/heartbeat}: sent by worker-service, read by scheduler-service.
 *
 * @param workerId          the worker's id (must match the path)
 * @param sentAt            the worker's clock when it sent it (shown, never used to judge liveness: clocks differ)
 * @param models            digests of the resident models, most recently used first
 * @param residentBytes     estimated bytes the resident models hold
 * @param memoryBudgetBytes the worker's model-cache budget
 * @param batchesRunning    batches on the device now
 * @param batchesQueued     batches waiting for the device
 */
public record WorkerHeartbeat(String workerId, Instant sentAt, List<String> models, long residentBytes,
                              long memoryBudgetBytes, int batchesRunning, int batchesQueued) {
}
