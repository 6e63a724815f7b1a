package io.baton.core.warmup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * Sends synthetic calls, up to {@code concurrency} at a time (closed loop: each thread sends its next call when its
 * last one is answered), until the {@link SettleRule} says their latencies have settled or {@code bound} has passed;
 * the caller then reports ready either way. How many are in flight adapts ({@link InFlightLimit}): halved by a failure,
 * grown back by one after a run of successes, so that a cold path that refuses most of a full load is still driven
 * with what it serves. A call that fails is counted and retried after a short pause (what it needs may still be
 * starting); a call that throws {@link Abandon} ends the loop at once (the synthetic request can never be served:
 * retrying it until the bound would only delay readiness).
 */
public final class WarmupLoop {

    /** One synthetic call; returns when it was served. */
    @FunctionalInterface
    public interface Call {
        void run() throws Exception;
    }

    /** Thrown by a {@link Call} that can never succeed: the loop ends at once, with its message as the reason. */
    public static final class Abandon extends RuntimeException {
        public Abandon(String message) {
            super(message);
        }
    }

    /**
     * How a warm-up ended.
     *
     * @param settled  whether the rule said settled (false: the bound passed, or the loop was abandoned)
     * @param served   calls served
     * @param failed   calls that failed
     * @param elapsed  how long it ran
     * @param medianMs the median latency of the last window of served calls (NaN when none was served)
     * @param reason   why it ended, in words
     * @param inFlight calls in flight at once when it ended ({@link InFlightLimit})
     * @param failure  the most frequent failure, in words (null when none failed)
     */
    public record Outcome(boolean settled, int served, int failed, Duration elapsed, double medianMs, String reason,
                          int inFlight, String failure) {

        /** One line for a log. */
        public String describe() {
            return String.format(Locale.ROOT, "%s after %d calls served (%d failed%s) in %.1f s, last median %.2f ms, %d in"
                            + " flight", reason, served, failed, failure == null ? "" : ", most often: " + failure,
                    elapsed.toMillis() / 1000.0, medianMs, inFlight);
        }
    }

    /** Failure messages are cut to this many characters for the tally (they may carry ids or numbers). */
    static final int FAILURE_CHARS = 100;

    /** The pause after a failed call before that thread tries again. */
    static final long FAILURE_PAUSE_MS = 100;

    private WarmupLoop() {
    }

    public static Outcome run(SettleRule rule, Duration bound, int concurrency, Call call) {
        return run(rule, bound, concurrency, call, System::nanoTime);
    }

    static Outcome run(SettleRule rule, Duration bound, int concurrency, Call call, LongSupplier nanoTime) {
        if (concurrency < 1) throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        long start = nanoTime.getAsLong();
        long end = start + bound.toNanos();
        List<Double> latencies = new ArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicBoolean settled = new AtomicBoolean();
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> abandoned = new AtomicReference<>();
        AtomicReference<String> lastFailure = new AtomicReference<>();
        Map<String, Integer> failures = new HashMap<>();
        InFlightLimit limit = new InFlightLimit(concurrency);
        Runnable loop = () -> {
            while (!stop.get()) {
                try {
                    limit.acquire();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stop.set(true);
                    return;
                }
                long t0 = nanoTime.getAsLong();
                if (t0 - end >= 0) {
                    stop.set(true);
                    limit.release(true);
                    return;
                }
                String failure = null;
                try {
                    call.run();
                    double ms = (nanoTime.getAsLong() - t0) / 1e6;
                    synchronized (latencies) {
                        latencies.add(ms);
                        if (rule.settled(latencies)) {
                            settled.set(true);
                            stop.set(true);
                        }
                    }
                } catch (Abandon e) {
                    abandoned.compareAndSet(null, e.getMessage());
                    stop.set(true);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stop.set(true);
                } catch (Exception e) {
                    failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                } finally {
                    limit.release(failure == null);
                }
                if (failure != null) {
                    failed.incrementAndGet();
                    lastFailure.set(failure);
                    synchronized (failures) {
                        failures.merge(failure.length() > FAILURE_CHARS ? failure.substring(0, FAILURE_CHARS) + "…"
                                : failure, 1, Integer::sum);
                    }
                    try {
                        Thread.sleep(FAILURE_PAUSE_MS);
                    } catch (InterruptedException i) {
                        Thread.currentThread().interrupt();
                        stop.set(true);
                    }
                }
            }
        };
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            Thread t = new Thread(loop, "warmup-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                stop.set(true);
                Thread.currentThread().interrupt();
            }
        }
        Duration elapsed = Duration.ofNanos(nanoTime.getAsLong() - start);
        synchronized (latencies) {
            String reason;
            if (settled.get()) {
                reason = "settled";
            } else if (abandoned.get() != null) {
                reason = "abandoned: " + abandoned.get();
            } else {
                reason = String.format(Locale.ROOT, "not settled within the bound of %.1f s", bound.toMillis() / 1000.0)
                        + (latencies.isEmpty() && lastFailure.get() != null ? " (last failure: " + lastFailure.get() + ")" : "");
            }
            String most = null;
            synchronized (failures) {
                int count = 0;
                for (Map.Entry<String, Integer> f : new TreeMap<>(failures).entrySet()) { // ties: the first by text
                    if (f.getValue() > count) {
                        count = f.getValue();
                        most = f.getKey();
                    }
                }
            }
            return new Outcome(settled.get(), latencies.size(), failed.get(), elapsed, rule.lastMedian(latencies), reason,
                    limit.limit(), most);
        }
    }
}
