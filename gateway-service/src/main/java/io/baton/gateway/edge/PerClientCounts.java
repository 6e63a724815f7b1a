package io.baton.gateway.edge;

import java.util.concurrent.ConcurrentHashMap;

/**
 * How many of something each client address holds at once (requests in flight, bodies being read), each address
 * capped. An address that holds nothing is forgotten, so the map is as large as the clients active now.
 */
final class PerClientCounts {

    private final ConcurrentHashMap<String, Integer> held = new ConcurrentHashMap<>();
    private final int max;

    PerClientCounts(int max) {
        this.max = max;
    }

    /** Takes one for {@code address}, or false when it holds {@code max} already. */
    boolean tryAcquire(String address) {
        boolean[] taken = {false};
        held.compute(address, (a, n) -> {
            int now = n == null ? 0 : n;
            if (now >= max) {
                return n;
            }
            taken[0] = true;
            return now + 1;
        });
        return taken[0];
    }

    void release(String address) {
        held.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
    }

    int max() {
        return max;
    }

    /** What {@code address} holds now (for tests and logs). */
    int held(String address) {
        return held.getOrDefault(address, 0);
    }
}
