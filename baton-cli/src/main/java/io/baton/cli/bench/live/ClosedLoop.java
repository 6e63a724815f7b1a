package io.baton.cli.bench.live;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Closed loop: {@code concurrency} clients, each sending its next request as soon as its last one is answered,
 * for {@code seconds}. It finds the most the serving path sustains (the saturation throughput that {@code --raw}
 * compares with ONNX Runtime alone); it is not a latency measurement.
 */
final class ClosedLoop {
    private ClosedLoop() {}

    record Run(Outcome[] outcomes, double seconds) {}

    static Run run(Requests requests, int concurrency, double seconds, long timeoutMs) throws InterruptedException {
        Queue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
        AtomicInteger next = new AtomicInteger();
        CountDownLatch finished = new CountDownLatch(concurrency);
        long start = System.nanoTime(), end = start + (long) (seconds * 1e9);
        for (int c = 0; c < concurrency; c++) loop(requests, next, outcomes, end, finished);
        finished.await((long) (seconds * 1000) + timeoutMs + 30_000, TimeUnit.MILLISECONDS);
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new Run(outcomes.toArray(Outcome[]::new), Math.max(elapsed, seconds));
    }

    private static void loop(Requests requests, AtomicInteger next, Queue<Outcome> outcomes, long end, CountDownLatch finished) {
        if (System.nanoTime() >= end) {
            finished.countDown();
            return;
        }
        requests.send(next.getAndIncrement(), o -> {
            outcomes.add(o);
            // Off the completion thread: a request that fails at once must not recurse into the next one.
            java.util.concurrent.CompletableFuture.runAsync(() -> loop(requests, next, outcomes, end, finished));
        });
    }
}
