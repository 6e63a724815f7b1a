package io.baton.worker.membership;

import java.time.Instant;
import java.util.List;

/**
 * Body of {@code POST {schedulerUrl}/internal/v1/workers/{id}/heartbeat}.
 *
 * @param workerId          the worker's id
 * @param sentAt            when the worker sent it
 * @param models            digests of the resident models, most recently used first
 * @param residentBytes     estimated bytes the resident models hold
 * @param memoryBudgetBytes the cache's budget
 * @param batchesRunning    batches on the device now
 * @param batchesQueued     batches waiting for the device
 */
public record WorkerHeartbeat(String workerId, Instant sentAt, List<String> models, long residentBytes,
                              long memoryBudgetBytes, int batchesRunning, int batchesQueued) {
}
