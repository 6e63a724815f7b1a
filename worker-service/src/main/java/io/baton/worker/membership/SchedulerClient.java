package io.baton.worker.membership;

import io.baton.commons.membership.WorkerHeartbeat;
import io.baton.commons.membership.WorkerRegistration;

/**
 * How a worker tells the scheduler it exists and is alive. {@link HttpSchedulerClient}
 * speaks scheduler-service's membership routes ({@code /internal/v1/workers}).
 */
public interface SchedulerClient {

    /** Announces the worker (and what it can do); idempotent: registering again replaces the entry. */
    void register(WorkerRegistration registration);

    /**
     * Tells the scheduler the worker is alive and what it holds.
     *
     * @throws UnknownWorkerException the scheduler does not know this worker (it restarted): register again
     */
    void heartbeat(String workerId, WorkerHeartbeat heartbeat);

    /** Where the scheduler is, for logs. */
    String describe();

    /** The scheduler answered that it does not know the worker. */
    class UnknownWorkerException extends RuntimeException {
        public UnknownWorkerException(String workerId) {
            super("scheduler does not know worker " + workerId);
        }
    }
}
