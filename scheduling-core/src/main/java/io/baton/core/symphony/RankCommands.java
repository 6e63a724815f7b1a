package io.baton.core.symphony;

/** What a {@link Rank} round asks of model threads. */
interface RankCommands {
    /** Model may run its candidate on device now; the device became free at deviceFreeAtMs. */
    void grant(int model, int device, double deviceFreeAtMs);

    /** Model's candidate went stale (its invalid_after passed): re-prune and publish again. */
    void refresh(int model);
}
