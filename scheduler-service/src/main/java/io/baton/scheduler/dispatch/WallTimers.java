package io.baton.scheduler.dispatch;

import java.util.ArrayList;
import java.util.List;

import io.baton.core.policy.Timer;
import io.baton.core.policy.Timers;

/**
 * A policy's timers on wall time, fired by the engine's own thread between messages. A policy keeps a handful
 * (one or two per model), so finding the next one is a scan, not a heap: cheaper at that size and never stale.
 */
final class WallTimers implements Timers {

    private final List<WallTimer> timers = new ArrayList<>();

    @Override
    public Timer newTimer(Runnable onFire) {
        WallTimer t = new WallTimer(onFire);
        timers.add(t);
        return t;
    }

    /** The earliest armed time, ms, or +∞. */
    double nextAtMs() {
        double next = Double.POSITIVE_INFINITY;
        for (WallTimer t : timers) {
            if (t.at < next) next = t.at;
        }
        return next;
    }

    /** Fires every timer due at nowMs, earliest first; a timer re-armed by a firing action fires again if due. */
    void fireDue(double nowMs) {
        // A policy that keeps re-arming a timer in the past would spin here; past this many firings the rest wait
        // for the next turn of the engine's loop, so messages are still handled.
        for (int fired = 0; fired < 10_000; fired++) {
            WallTimer due = null;
            for (WallTimer t : timers) {
                if (t.at <= nowMs && (due == null || t.at < due.at)) due = t;
            }
            if (due == null) return;
            due.at = Double.POSITIVE_INFINITY;
            due.onFire.run();
        }
    }

    private static final class WallTimer implements Timer {
        private final Runnable onFire;
        private double at = Double.POSITIVE_INFINITY;

        WallTimer(Runnable onFire) {
            this.onFire = onFire;
        }

        @Override
        public void setAt(double atMs) {
            at = atMs;
        }

        @Override
        public void cancel() {
            at = Double.POSITIVE_INFINITY;
        }

        @Override
        public boolean armed() {
            return at != Double.POSITIVE_INFINITY;
        }

        @Override
        public double atMs() {
            return at;
        }
    }
}
