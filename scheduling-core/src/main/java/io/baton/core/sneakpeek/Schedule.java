package io.baton.core.sneakpeek;

import java.util.Arrays;

/**
 * A schedule S (paper §3.1): requests in execution order, each with the candidate (index into its application's
 * candidate list in the {@link SchedulingWindow}) that serves it. Position p in these arrays is s_ij − 1.
 *
 * <p>groupStarts (optional) marks positions where a group of Algorithm 1 begins: the device starts a new run (and
 * batch) there even when the model does not change, so that each group is dispatched as its own batch, as the
 * grouped scheduler costed it. Without marks, runs are the maximal stretches of one model (opportunistic batching).
 */
public record Schedule(int[] requests, int[] candidates, boolean[] groupStarts) {

    public Schedule {
        if (requests.length != candidates.length) throw new IllegalArgumentException("one candidate per request");
        if (groupStarts != null && groupStarts.length != requests.length) throw new IllegalArgumentException("one group mark per position");
        requests = requests.clone();
        candidates = candidates.clone();
        groupStarts = groupStarts == null ? null : groupStarts.clone();
    }

    public Schedule(int[] requests, int[] candidates) {
        this(requests, candidates, null);
    }

    /** Whether a new run must start at position p regardless of the model. */
    public boolean startsGroup(int position) {
        return groupStarts != null && groupStarts[position];
    }

    @Override
    public boolean[] groupStarts() {
        return groupStarts == null ? null : groupStarts.clone();
    }

    public int size() {
        return requests.length;
    }

    public int request(int position) {
        return requests[position];
    }

    public int candidate(int position) {
        return candidates[position];
    }

    @Override
    public int[] requests() {
        return requests.clone();
    }

    @Override
    public int[] candidates() {
        return candidates.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Schedule s && Arrays.equals(requests, s.requests) && Arrays.equals(candidates, s.candidates)
                && Arrays.equals(groupStarts, s.groupStarts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(requests) + Arrays.hashCode(candidates);
    }

    @Override
    public String toString() {
        return "Schedule" + Arrays.toString(requests) + "/" + Arrays.toString(candidates);
    }
}
