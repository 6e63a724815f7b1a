package io.baton.core.domain;

/** Why a request was not served. Every drop carries one, and it reaches the client. */
public enum DropReason {
    DEADLINE_UNMEETABLE("deadline cannot be met: even alone it would finish after its deadline"),
    SHED_FOR_BATCH("shed under load: keeping it would have shrunk the batch of the requests queued behind it"),
    DEADLINE_PASSED("deadline passed while queued"),
    NO_DEVICE("no device can run this model"),
    QUEUE_FULL("queue is full"),
    REJECTED_BY_POLICY("rejected by the scheduling policy");

    private final String message;

    DropReason(String message) {
        this.message = message;
    }

    public String message() {
        return message;
    }
}
