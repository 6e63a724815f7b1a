package io.baton.cli.bench.live;

import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * A soak's load: open-loop Poisson arrivals at {@code rate} per second, drawn as they go (a day's schedule is not kept
 * in memory), each request sent at its time without waiting for any answer and counted in the minute it was sent in.
 */
final class SoakLoad {
    private SoakLoad() {}

    /**
     * Sends until {@code minutes × minuteSeconds} have passed since {@code startNanos}; answers arrive into
     * {@code tally} on the client's threads, possibly after this returns.
     */
    static void run(Requests requests, double rate, double minuteSeconds, long seed, SoakTally tally, long startNanos) {
        SplittableRandom random = new SplittableRandom(seed);
        double total = tally.minutes() * minuteSeconds;
        double t = gap(random, rate);
        for (int i = 0; t < total; i++) {
            long due = startNanos + (long) (t * 1e9);
            long wait;
            while ((wait = due - System.nanoTime()) > 0) LockSupport.parkNanos(wait);
            if (Thread.currentThread().isInterrupted()) return;
            int minute = Math.min(tally.minutes() - 1, (int) (t / minuteSeconds));
            tally.sent(minute);
            requests.send(i, o -> tally.outcome(minute, o));
            t += gap(random, rate);
        }
    }

    /** An exponential gap of mean 1/rate seconds. */
    private static double gap(SplittableRandom random, double rate) {
        return -Math.log(1 - random.nextDouble()) / rate;
    }
}
