package io.baton.core.sneakpeek;

import java.util.Arrays;

/**
 * A schedule S (paper §3.1): requests in execution order, each with the candidate (index into its application's
 * candidate list in the {@link SchedulingWindow}) that serves it. Position p in these arrays is s_ij − 1.
 */
public record Schedule(int[] requests, int[] candidates) {

    public Schedule {
        if (requests.length != candidates.length) throw new IllegalArgumentException("one candidate per request");
        requests = requests.clone();
        candidates = candidates.clone();
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
        return o instanceof Schedule s && Arrays.equals(requests, s.requests) && Arrays.equals(candidates, s.candidates);
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
