package io.baton.cli.bench.live;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Open-loop Poisson arrivals: the arrival times are drawn up front (exponential gaps at {@code rate} per second over
 * {@code seconds}, from {@code seed}) and each request is sent at its time without waiting for any answer, so slow
 * answers never throttle arrivals. Waits until every request has an outcome; a request still unanswered after the
 * client's timeout counts as no answer (the HTTP client ends it).
 */
final class OpenLoop {
    private OpenLoop() {}

    /** The outcomes, in arrival order, and how late the generator sent (p99 of the lateness against the schedule). */
    record Run(Outcome[] outcomes, double seconds, double lateP99Ms) {}

    static Run run(Requests requests, double rate, double seconds, long seed, Duration timeout) throws InterruptedException {
        double[] at = arrivals(rate, seconds, seed);
        Outcome[] outcomes = new Outcome[at.length];
        double[] late = new double[at.length];
        CountDownLatch done = new CountDownLatch(at.length);
        long start = System.nanoTime();
        for (int i = 0; i < at.length; i++) {
            long due = start + (long) (at[i] * 1e9);
            long wait;
            while ((wait = due - System.nanoTime()) > 0) LockSupport.parkNanos(wait);
            late[i] = (System.nanoTime() - due) / 1e6;
            int k = i;
            requests.send(i, o -> {
                outcomes[k] = o;
                done.countDown();
            });
        }
        if (!done.await(timeout.toMillis() + 30_000, TimeUnit.MILLISECONDS)) {
            // The client's own timeout should have ended each of them; never report a missing one as anything but unanswered.
            for (int i = 0; i < outcomes.length; i++) {
                if (outcomes[i] == null) outcomes[i] = Outcome.noAnswer(Double.NaN, new IllegalStateException("no outcome"));
            }
        }
        java.util.Arrays.sort(late);
        return new Run(outcomes, seconds, late.length == 0 ? 0 : late[Math.min(late.length - 1, (int) Math.ceil(0.99 * late.length) - 1)]);
    }

    /** Poisson arrival times in [0, seconds): cumulative exponential gaps of mean 1/rate. */
    static double[] arrivals(double rate, double seconds, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] times = new double[(int) Math.min(Integer.MAX_VALUE - 8, rate * seconds * 1.5 + 64)];
        int n = 0;
        double t = -Math.log(1 - random.nextDouble()) / rate;
        while (t < seconds) {
            if (n == times.length) times = java.util.Arrays.copyOf(times, times.length * 2);
            times[n++] = t;
            t += -Math.log(1 - random.nextDouble()) / rate;
        }
        return java.util.Arrays.copyOf(times, n);
    }
}
