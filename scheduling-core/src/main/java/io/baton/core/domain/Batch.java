package io.baton.core.domain;

import java.util.Arrays;

/**
 * A dispatch decision: run these requests of one served model together on one device, starting at
 * startMs, expected to take expectedLatencyMs (ℓ of the batch size from the model's profile).
 * The request array is owned by the batch: a dispatcher hands over a fresh array.
 */
public record Batch(int model, int device, Request[] requests, double startMs, double expectedLatencyMs) {

    public int size() {
        return requests.length;
    }

    /** The earliest deadline in the batch. */
    public double earliestDeadlineMs() {
        double dl = Double.POSITIVE_INFINITY;
        for (Request r : requests) dl = Math.min(dl, r.deadlineMs);
        return dl;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Batch b && b.model == model && b.device == device && b.startMs == startMs
                && b.expectedLatencyMs == expectedLatencyMs && Arrays.equals(b.requests, requests);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * model + device) + Arrays.hashCode(requests);
    }

    @Override
    public String toString() {
        long[] ids = Arrays.stream(requests).mapToLong(r -> r.id).toArray();
        return "Batch{model=" + model + ", device=" + device + ", start=" + startMs + ", ids=" + Arrays.toString(ids) + '}';
    }
}
