package io.baton.worker.cache;

import java.time.Instant;

/**
 * A model that left the cache.
 *
 * @param digest         the model
 * @param reason         {@code evicted} (LRU, to make room) or {@code unloaded} (asked for)
 * @param footprintBytes bytes it released from the budget
 * @param unloadMs       time to close its session; null while deferred (a running batch still holds it, and the
 *                       session closes when that batch ends)
 * @param at             when it left
 */
public record UnloadRecord(String digest, String reason, long footprintBytes, Double unloadMs, Instant at) {

    public static final String EVICTED = "evicted";
    public static final String UNLOADED = "unloaded";
}
