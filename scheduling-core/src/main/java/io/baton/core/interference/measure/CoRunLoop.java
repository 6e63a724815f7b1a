package io.baton.core.interference.measure;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A co-runner on the other "device": a thread that repeats one unit of work (an inference, a bubble pass) until
 * stopped, counting the units and their sum (bytes for the bubble). Started before the target's timed runs and
 * stopped after them, so the target is measured under steady contention.
 */
final class CoRunLoop implements AutoCloseable {
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicLong units = new AtomicLong(), sum = new AtomicLong();
    private final Thread thread;
    private volatile RuntimeException failure;

    CoRunLoop(String name, LongSupplier unit) {
        thread = new Thread(() -> {
            try {
                while (!stop.get()) {
                    sum.addAndGet(unit.getAsLong());
                    units.incrementAndGet();
                }
            } catch (RuntimeException e) {
                failure = e;
            }
        }, "corun-" + name);
        thread.setDaemon(true);
        thread.start();
        while (units.get() == 0 && thread.isAlive()) Thread.onSpinWait(); // first unit done: warm and running
    }

    long units() {
        return units.get();
    }

    long sum() {
        return sum.get();
    }

    @Override
    public void close() {
        stop.set(true);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) throw failure;
    }
}
