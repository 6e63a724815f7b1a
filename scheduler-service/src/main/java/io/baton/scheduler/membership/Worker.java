package io.baton.scheduler.membership;

import io.baton.commons.membership.DeviceDescription;
import io.baton.commons.membership.WorkerHeartbeat;
import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * One worker as the scheduler knows it: an immutable snapshot; {@link WorkerRegistry} replaces it on every change.
 *
 * @param workerId     the worker's id
 * @param url          base URL of its {@code /internal/v1/...} routes
 * @param device       what it drives
 * @param models       digests of its resident models (from its registration, then from each heartbeat)
 * @param state        live or evicted
 * @param registeredAt when it (last) registered, scheduler's clock
 * @param lastSeen     its last registration or heartbeat, scheduler's clock
 * @param load         what its last heartbeat said (null before the first heartbeat)
 * @param leftAt       when it was evicted (null while live)
 * @param leftReason   why it was evicted (null while live)
 * @param grpcPort     the port of its binary batch service on the host of {@code url}; null: it takes batches over
 *                     HTTP only
 */
public record Worker(String workerId, URI url, DeviceDescription device, List<String> models, WorkerState state,
                     Instant registeredAt, Instant lastSeen, Load load, Instant leftAt, String leftReason, Integer grpcPort) {

    public Worker {
        models = List.copyOf(models);
    }

    /**
     * The worker's load as of its last heartbeat.
     *
     * @param sentAt            the worker's clock when it sent the heartbeat
     * @param residentBytes     estimated bytes its resident models hold
     * @param memoryBudgetBytes its model-cache budget
     * @param batchesRunning    batches on its device
     * @param batchesQueued     batches waiting for its device
     * @param processResidentBytes the worker process's resident set (VmRSS), -1 unknown, 0 not reported
     */
    public record Load(Instant sentAt, long residentBytes, long memoryBudgetBytes, int batchesRunning,
                       int batchesQueued, long processResidentBytes) {

        public Load(Instant sentAt, long residentBytes, long memoryBudgetBytes, int batchesRunning, int batchesQueued) {
            this(sentAt, residentBytes, memoryBudgetBytes, batchesRunning, batchesQueued, 0);
        }
    }

    /** The worker's device class for interference-aware placement: declared, else derived from its device. */
    public String deviceClass() {
        return device == null ? DeviceDescription.defaultDeviceClass("cpu", 0) : device.deviceClassOrDefault();
    }

    public boolean live() {
        return state == WorkerState.LIVE;
    }

    Worker seen(Instant now, WorkerHeartbeat heartbeat) {
        List<String> resident = heartbeat.models() == null ? models : heartbeat.models();
        Load newLoad = new Load(heartbeat.sentAt(), heartbeat.residentBytes(), heartbeat.memoryBudgetBytes(),
                heartbeat.batchesRunning(), heartbeat.batchesQueued(), heartbeat.processResidentBytes());
        return new Worker(workerId, url, device, resident, state, registeredAt, now, newLoad, leftAt, leftReason,
                grpcPort);
    }

    Worker evicted(Instant now, String reason) {
        return new Worker(workerId, url, device, models, WorkerState.EVICTED, registeredAt, lastSeen, load, now, reason,
                grpcPort);
    }
}
