package io.baton.core.sneakpeek;

/**
 * Plans one scheduling window: every request gets one candidate and a position (paper eq. 3–6). The cache is the
 * device's state when the window's plan starts at startMs (≥ the window's now: earlier work may still be running);
 * schedulers must not change it.
 */
public interface WindowScheduler {
    Schedule schedule(SchedulingWindow window, ModelCache cache, double startMs);
}
