package io.baton.core.symphony;

import io.baton.core.util.IndexedMinHeap;

/**
 * The global side of Symphony for one sub-cluster (the paper's RankThread, §3.3 and Appendix C): the
 * idle devices, every model's latest candidate, and the binding of candidates to devices.
 *
 * <p>Decisions are made in rounds ({@link #round}); a round
 * <ol>
 *   <li>makes schedulable every candidate whose exec_at has come;</li>
 *   <li>sends back for re-pruning every candidate whose invalid_after has passed (it can no longer
 *       finish by its deadline as formed);</li>
 *   <li>while a device is idle and a candidate is schedulable: grants the earliest-free device (the
 *       paper's rule) to the schedulable candidate with the earliest sched_at, "the most stringent
 *       deadline" (§3.3 text; the pseudocode says exec_at, the authors' code invalid_after; the paper's
 *       text wins).</li>
 * </ol>
 * A model that was sent a command is ignored until it answers with a candidate that acknowledges the
 * command (the authors' code does the same), so a model gets at most one command per round. This is
 * what makes the threaded dispatcher take exactly the single-threaded one's decisions: within a round
 * nothing depends on the order in which model threads answer, and idle devices are ordered by
 * (free time, id), not by arrival order.
 */
final class Rank {
    private static final byte NONE = 0, WAITING = 1, SCHEDULABLE = 2;

    private final IndexedMinHeap idleDevices;   // key: time the device became free
    /**
     * One timer per candidate: a waiting candidate's exec_at, a schedulable one's expiry (the instant
     * after invalid_after). One heap rather than two halves the work of the per-arrival update.
     */
    private final IndexedMinHeap timers;
    private final IndexedMinHeap schedulable;   // key: sched_at
    private final byte[] state;
    private final double[] schedAt;
    private final double[] invalidAfter;
    private final long[] commandsSent;
    private final long[] acked;
    private int outstanding;

    Rank(int models, int devices) {
        idleDevices = new IndexedMinHeap(devices);
        timers = new IndexedMinHeap(models);
        schedulable = new IndexedMinHeap(models);
        state = new byte[models];
        schedAt = new double[models];
        invalidAfter = new double[models];
        commandsSent = new long[models];
        acked = new long[models];
    }

    /** A model's latest candidate (bs = 0: none). Ignored while it has a command unanswered. */
    void candidate(int model, int bs, double execAt, double schedAtMs, double invalidAfterMs, long ack) {
        if (ack > acked[model]) {
            long before = commandsSent[model] - acked[model];
            acked[model] = Math.min(ack, commandsSent[model]);
            outstanding -= (int) (before - (commandsSent[model] - acked[model]));
        }
        if (acked[model] < commandsSent[model]) return;
        if (state[model] == SCHEDULABLE) schedulable.remove(model);
        if (bs == 0) {
            timers.remove(model);
            state[model] = NONE;
            return;
        }
        schedAt[model] = schedAtMs;
        invalidAfter[model] = invalidAfterMs;
        state[model] = WAITING;
        timers.set(model, execAt);      // re-keyed in place when already there: the common case
    }

    void deviceIdle(int device, double freeAtMs) {
        idleDevices.set(device, freeAtMs);
    }

    boolean awaiting(int model) {
        return acked[model] < commandsSent[model];
    }

    /** Commands sent that the models have not answered yet. */
    int outstanding() {
        return outstanding;
    }

    /** One decision round at nowMs. Returns the number of commands issued. */
    int round(double nowMs, RankCommands out) {
        int issued = 0;
        while (timers.peekKey() <= nowMs) {
            int m = timers.peek();
            if (state[m] == WAITING) {
                state[m] = SCHEDULABLE;
                schedulable.set(m, schedAt[m]);
                timers.set(m, Math.nextUp(invalidAfter[m]));
            } else {
                // invalid_after passed: it can no longer finish by its deadline as formed
                timers.remove(m);
                schedulable.remove(m);
                state[m] = NONE;
                commandsSent[m]++;
                outstanding++;
                out.refresh(m);
                issued++;
            }
        }
        while (!idleDevices.isEmpty() && !schedulable.isEmpty()) {
            int m = schedulable.poll();
            timers.remove(m);
            state[m] = NONE;
            double freeAt = idleDevices.peekKey();
            int d = idleDevices.poll();
            commandsSent[m]++;
            outstanding++;
            out.grant(m, d, freeAt);
            issued++;
        }
        return issued;
    }

    /**
     * When the next round is due on its own: the earliest exec_at of a waiting candidate, or the instant
     * just after the earliest invalid_after of a schedulable one (at invalid_after itself it can still
     * start in time).
     */
    double nextWakeMs() {
        return timers.peekKey();
    }

    int idleCount() {
        return idleDevices.size();
    }
}
