package io.baton.cli.bench.live;

import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Closed loop: {@code concurrency} clients, each sending its next request as soon as its last one is answered,
 * for {@code seconds}. It finds the most the serving path sustains (the saturation throughput that {@code --raw}
 * compares with ONNX Runtime alone); it is not a latency measurement.
 *
 * <p>A client whose request is refused for load (503, 429, or 504: the suite could not answer it within its deadline)
 * waits before its next one, from {@value #FIRST_BACKOFF_MS}
 * ms doubling to {@value #MAX_BACKOFF_MS} ms, and starts again from nothing once it is served: as a retrying client
 * should. Sent again at once, refusals took the CPU the answers needed (thousands of refusals a second against a few
 * answers, on a model whose requests are large), and the figure measured the storm instead of the serving path. A 504
 * is the same signal, later: on an overloaded suite most refusals were 504s (hundreds in 6 s against none served), and
 * clients that sent again at once kept it overloaded.
 */
final class ClosedLoop {
    static final long FIRST_BACKOFF_MS = 5;
    static final long MAX_BACKOFF_MS = 200;

    private ClosedLoop() {}

    record Run(Outcome[] outcomes, double seconds) {}

    static Run run(Requests requests, int concurrency, double seconds, long timeoutMs) throws InterruptedException {
        Queue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
        AtomicInteger next = new AtomicInteger();
        CountDownLatch finished = new CountDownLatch(concurrency);
        long start = System.nanoTime(), end = start + (long) (seconds * 1e9);
        for (int c = 0; c < concurrency; c++) loop(requests, next, outcomes, end, finished, 0);
        finished.await((long) (seconds * 1000) + timeoutMs + 30_000, TimeUnit.MILLISECONDS);
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new Run(outcomes.toArray(Outcome[]::new), Math.max(elapsed, seconds));
    }

    /** @param backoffMs how long this client waited before this request: 0 unless its last one was refused */
    private static void loop(Requests requests, AtomicInteger next, Queue<Outcome> outcomes, long end,
                             CountDownLatch finished, long backoffMs) {
        if (System.nanoTime() >= end) {
            finished.countDown();
            return;
        }
        SENDING.set(true);
        try {
            requests.send(next.getAndIncrement(), o -> {
                outcomes.add(o);
                long wait = refusedForLoad(o) ? Math.min(MAX_BACKOFF_MS, Math.max(FIRST_BACKOFF_MS, 2 * backoffMs)) : 0;
                if (wait == 0 && !SENDING.get()) {
                    // On the thread that read the answer: a hand-off per request would cost the suite, which shares
                    // this machine's cores, as much as a hop inside it.
                    loop(requests, next, outcomes, end, finished, 0);
                } else {
                    // A request answered within its own send (one that failed at once) must not recurse into the next.
                    CompletableFuture.runAsync(() -> loop(requests, next, outcomes, end, finished, wait),
                            CompletableFuture.delayedExecutor(wait, TimeUnit.MILLISECONDS));
                }
            });
        } finally {
            SENDING.set(false);
        }
    }

    /** True on a thread inside {@link Requests#send}: an answer that arrives there is the send's own. */
    private static final ThreadLocal<Boolean> SENDING = ThreadLocal.withInitial(() -> false);

    static boolean refusedForLoad(Outcome o) {
        return o.status() == 503 || o.status() == 429 || o.status() == 504;
    }
}
